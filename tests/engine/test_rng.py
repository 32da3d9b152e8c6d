"""The counter-based generator: its sequence is a contract (golden values) and it is uniform."""

from __future__ import annotations

import hashlib

import pytest

from games.engine.rng import Rng

# Chi-square critical values at p = 0.001 (5 and 9 degrees of freedom): a fixed seed either passes or
# fails forever, and a correct generator fails at most once in a thousand seeds.
CHI2_DF5_P001 = 20.515
CHI2_DF9_P001 = 27.877


def chi_square(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


class TestGoldenValues:
    def test_u64_first_words_of_a_stream(self) -> None:
        rng = Rng(b"seed", "v0")
        assert [rng.u64() for _ in range(3)] == [
            12190409003621461322,
            15428427221144537492,
            5280688026260520998,
        ]
        assert rng.counter == 3

    def test_u64_is_the_published_blake2b_construction(self) -> None:
        data = b"v0" + b"\x00" + (1).to_bytes(8, "little")
        digest = hashlib.blake2b(data, key=b"seed", digest_size=8).digest()
        rng = Rng(b"seed", "v0", counter=1)
        assert rng.u64() == int.from_bytes(digest, "little") == 15428427221144537492

    def test_below_six_sequence(self) -> None:
        rng = Rng(b"golden", "v7")
        assert [rng.below(6) for _ in range(10)] == [4, 5, 4, 1, 2, 5, 4, 0, 3, 4]

    def test_below_various_bounds_draw_one_word_each_without_rejection(self) -> None:
        rng = Rng(b"golden", "below")
        assert [rng.below(n) for n in (1, 2, 3, 1000, 2**63 + 1)] == [0, 0, 1, 78, 4134114018715043336]
        assert rng.counter == 5

    def test_below_rejects_words_at_or_above_the_largest_multiple(self) -> None:
        # 2**63 + 1 fits once in 2**64, so every word >= 2**63 + 1 is redrawn: here the first two.
        rng = Rng(b"golden", "reject0")
        assert rng.below(2**63 + 1) == 3476958023246728632
        assert rng.counter == 3

    def test_shuffle_of_ten(self) -> None:
        items = list(range(10))
        rng = Rng(b"golden", "shuffle")
        rng.shuffle(items)
        assert items == [4, 0, 5, 7, 1, 8, 9, 6, 2, 3]
        assert rng.counter == 9  # Fisher-Yates draws once per index from 9 down to 1

    def test_full_64_byte_key_and_bot_stream(self) -> None:
        rng = Rng(bytes(range(64)), "bot/2/v3")
        assert (rng.u64(), rng.below(2**64), rng.randint(1, 6)) == (
            14685039958395804153,
            4886133355832306466,
            3,
        )

    def test_fork_starts_the_other_stream_at_zero(self) -> None:
        rng = Rng(b"seed", "elsewhere")
        rng.u64()
        assert rng.fork("v0").u64() == 12190409003621461322

    @pytest.mark.parametrize("seed", [b"", bytes(65)])
    def test_seed_length_outside_1_to_64_bytes_is_refused(self, seed: bytes) -> None:
        with pytest.raises(ValueError, match="seed must be 1 to 64 bytes"):
            Rng(seed, "v0")

    @pytest.mark.parametrize("n", [0, 2**64 + 1])
    def test_below_out_of_range_is_refused(self, n: int) -> None:
        with pytest.raises(ValueError, match="below"):
            Rng(b"seed", "v0").below(n)


class TestUniformity:
    def test_below_six_over_60000_draws_passes_chi_square(self) -> None:
        rng = Rng(b"uniformity", "d6")
        counts = [0] * 6
        for _ in range(60_000):
            counts[rng.below(6)] += 1
        assert chi_square(counts, 10_000) < CHI2_DF5_P001

    def test_shuffle_puts_each_item_in_each_position_equally_often(self) -> None:
        rng = Rng(b"uniformity", "shuffle")
        positions = [[0] * 10 for _ in range(10)]  # positions[item][index]
        for _ in range(6_000):
            items = list(range(10))
            rng.shuffle(items)
            for index, item in enumerate(items):
                positions[item][index] += 1
        for item in range(10):
            assert chi_square(positions[item], 600) < CHI2_DF9_P001, item

    def test_streams_of_one_seed_differ(self) -> None:
        a, b = Rng(b"seed", "v0"), Rng(b"seed", "v1")
        assert [a.u64() for _ in range(4)] != [b.u64() for _ in range(4)]
