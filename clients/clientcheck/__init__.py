"""The client test kit (``boardroom client-check``): a scripted server that sends a client exactly the
frames each check needs (a gap, a repeated update, a new epoch, a dropped socket, a lost ack, a stale
prompt, retryable and final closes, a lobby answer with ``Retry-After``) and judges what the client does.

The kit drives the client through an adapter that speaks the control protocol of protocol/README.md
"Checking your client": `server` is the scripted app, `control` the kit's end of the adapter's channel,
`checks` the checks, `adapters` the commands that start the shipped SDKs' adapters, `report` the lines
printed; `adapter_python` is the Python SDK's adapter.
"""
