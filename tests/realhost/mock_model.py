"""A loopback mock of the Anthropic Messages API, run in a thread of the test process.

Serves POST /v1/messages (SSE stream or JSON), POST /v1/messages/count_tokens
and GET /v1/models on 127.0.0.1 only, answering from a scenario
(`scenario.decide`). Every request is logged to <log_dir>/NNNN-METHOD-path.json
with its body and the reply chosen (auth headers dropped), which is what
`context` searches afterwards.
"""

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from realhost import scenario as logic

SECRET_HEADERS = {"x-api-key", "authorization", "cookie", "proxy-authorization"}
MODELS = ["claude-sonnet-4-5", "claude-opus-4-5", "claude-haiku-4-5"]


class MockModel:
    """Start with `with MockModel(scenario, log_dir, variables) as mock:`; `mock.port` is bound."""

    def __init__(self, scenario: dict, log_dir: Path, variables: dict):
        self.scenario, self.log_dir, self.variables = scenario, Path(log_dir), variables
        self.lock = threading.Lock()
        self.serial = 0
        self.compactions = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]

    def __enter__(self):
        self.log_dir.mkdir(parents=True, exist_ok=True)
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def next_serial(self) -> int:
        with self.lock:
            self.serial += 1
            return self.serial

    def decide(self, body: dict) -> dict:
        with self.lock:
            decision = logic.decide(self.scenario, body, self.compactions, self.variables)
            self.compactions += decision["kind"] == "compaction"
            return decision

    def log(self, serial: int, method: str, path: str, headers, body, reply: dict) -> None:
        name = re.sub(r"[^A-Za-z0-9]+", "_", path.split("?")[0]).strip("_") or "root"
        record = {"n": serial, "method": method, "path": path, "body": body, "mock_reply": reply,
                  "headers": {k: v for k, v in headers.items() if k.lower() not in SECRET_HEADERS}}
        target = self.log_dir / f"{serial:04d}-{method}-{name}.json"
        target.with_suffix(".tmp").write_text(json.dumps(record, indent=1, ensure_ascii=False))
        target.with_suffix(".tmp").replace(target)


def _handler(mock: MockModel):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):  # keep the test output clean
            pass

        def do_GET(self):
            serial, path = mock.next_serial(), self.path.split("?")[0].rstrip("/")
            if path == "/v1/models":
                models = [{"type": "model", "id": m, "display_name": m, "created_at": "2025-01-01T00:00:00Z"}
                          for m in MODELS]
                self._json(200, {"data": models, "has_more": False, "first_id": MODELS[0], "last_id": MODELS[-1]})
            elif path.startswith("/v1/models/"):
                name = path.rsplit("/", 1)[-1]
                self._json(200, {"type": "model", "id": name, "display_name": name,
                                 "created_at": "2025-01-01T00:00:00Z"})
            else:
                self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": path}})
            mock.log(serial, "GET", self.path, self.headers, None, {"kind": "get"})

        def do_POST(self):
            serial = mock.next_serial()
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            try:
                body = json.loads(raw) if raw else {}
                reply = self._answer(serial, self.path.split("?")[0], body)
            except (BrokenPipeError, ConnectionResetError):
                body, reply = None, {"kind": "client-disconnected"}
            except Exception as error:  # report it; never kill the server
                body, reply = None, {"kind": "mock-error", "message": repr(error)}
                self._json(500, {"type": "error", "error": {"type": "api_error", "message": repr(error)}})
            mock.log(serial, "POST", self.path, self.headers, body, reply)

        def _answer(self, serial: int, path: str, body: dict) -> dict:
            if path == "/v1/messages/count_tokens":
                self._json(200, {"input_tokens": max(1, len(json.dumps(body)) // 4)})
                return {"kind": "count_tokens"}
            decision = mock.decide(body)
            content = logic.api_content(decision["blocks"], serial)
            stop = "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn"
            message = {"id": f"msg_mock{serial:06d}", "type": "message", "role": "assistant",
                       "model": body.get("model") or MODELS[0], "content": content, "stop_reason": stop,
                       "stop_sequence": None,
                       "usage": {"input_tokens": decision["input_tokens"], "output_tokens": 20,
                                 "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}
            self._stream(message) if body.get("stream") else self._json(200, message)
            return {**decision, "blocks": content, "stop_reason": stop}

        def _json(self, status: int, data) -> None:
            payload = json.dumps(data).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(payload)))
            self.send_header("request-id", "req_mock")
            self.end_headers()
            self.wfile.write(payload)

        def _stream(self, message: dict) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("connection", "close")
            self.end_headers()
            self.close_connection = True
            for name, data in sse_events(message):
                self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
            self.wfile.flush()

    return Handler


def sse_events(message: dict):
    """The server-sent events that stream `message` block by block."""
    start = {**message, "content": [], "stop_reason": None, "usage": {**message["usage"], "output_tokens": 1}}
    yield "message_start", {"type": "message_start", "message": start}
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            first, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": block["text"]}
        elif block["type"] == "thinking":
            first = {"type": "thinking", "thinking": "", "signature": ""}
            delta = {"type": "thinking_delta", "thinking": block["thinking"]}
        else:
            first = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        yield "content_block_start", {"type": "content_block_start", "index": index, "content_block": first}
        yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
        if block["type"] == "thinking":
            yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                          "delta": {"type": "signature_delta", "signature": block["signature"]}}
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    yield "message_delta", {"type": "message_delta", "delta": {"stop_reason": message["stop_reason"],
                                                               "stop_sequence": None},
                            "usage": {"output_tokens": message["usage"]["output_tokens"]}}
    yield "message_stop", {"type": "message_stop"}
