"""Web hygiene of the card room (issue 12, points 10-11): the security headers, the WebSocket's
subprotocols and Origin check, public URLs, and secrets kept out of the logs. Used by :mod:`app`;
docs/security.md (§10–11) says what each promises."""

from __future__ import annotations

import contextlib
import logging
import re
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from cardroom.room.engine import RoomError

SUBPROTOCOL = "cardroom"
"""The WebSocket subprotocol the server accepts; a client offers it and ``token.<token>`` (its seat token)."""
TOKEN_PREFIX = "token."

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self' ws: wss:; worker-src 'self'; manifest-src 'self'; "
                                "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
)
"""Sent with every HTTP response (:class:`SecurityHeaders`). The client in ``static/`` has no inline script
or style; ``img-src data:`` is for the page's empty icon (``<link rel="icon" href="data:,">``); ``worker-src`` and
``manifest-src`` name the one worker (the score keeper's ``/keep-sw.js``) and manifest the room serves itself."""


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP response, and on the HTTP answer that
    refuses a WebSocket handshake. It wraps the whole application (outside Starlette's own error
    middleware), so a 500 carries them too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


def web_origin(url: str, *, path_ok: bool = False) -> str:
    """``scheme://host[:port]`` of an http(s) URL, lower-case, without the scheme's default port — the
    form of a browser's ``Origin`` header. ValueError for anything else (a path too, unless ``path_ok``)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url[:80]!r} is not an http:// or https:// URL with a host")
    if parts.query or parts.fragment or parts.username or parts.password \
            or (not path_ok and parts.path not in ("", "/")):
        raise ValueError(f"{url[:80]!r}: an origin is scheme://host[:port], nothing more")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"{url[:80]!r}: the port is not a number from 0 to 65535") from None
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    default = 80 if parts.scheme == "http" else 443
    return f"{parts.scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def public_base(url: str) -> str:
    """A configured public base URL (``https://club.example/cards``) without its trailing slash."""
    web_origin(url, path_ok=True)
    return url.strip().rstrip("/")


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str] | None,
                    public: str | None) -> bool:
    """Whether a WebSocket handshake's ``Origin`` may connect. No Origin: not a browser (bench, tests,
    other programs), allowed — browsers always send one. Else: one of ``allowed`` (``--origin``) when
    configured, otherwise the server's own origin as the request's Host names it (http or https);
    the public URL's origin in both cases."""
    if origin is None:
        return True
    try:
        seen = web_origin(origin)
    except ValueError:
        return False  # "null" (a sandboxed frame, a file:// page) and anything malformed
    ok = set(allowed) if allowed is not None else set()
    if allowed is None and host:
        for scheme in ("http", "https"):
            with contextlib.suppress(ValueError):
                ok.add(web_origin(f"{scheme}://{host}"))
    if public is not None:
        ok.add(web_origin(public, path_ok=True))
    return seen in ok


def socket_token(websocket: WebSocket) -> str | None:
    """The seat token a socket offers as the subprotocol ``token.<token>``; ``?token=`` is refused."""
    if "token" in websocket.query_params:
        raise RoomError(400, "token_in_url_ws", code="token_in_url")
    offered: list[str] = list(websocket.scope.get("subprotocols") or [])
    tokens = [p[len(TOKEN_PREFIX):] for p in offered if p.startswith(TOKEN_PREFIX)]
    if len(tokens) > 1:
        raise RoomError(400, "two_tokens", code="bad_token")
    return (tokens[0] or None) if tokens else None


def close_reason(text: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8 (RFC 6455), cut on a character boundary."""
    data = text.encode("utf-8")
    return text if len(data) <= 123 else data[:120].decode("utf-8", "ignore") + "…"


_SECRET_IN_URL = re.compile(r"([?&](?:token|code)=)[^&#\s\"]*", re.IGNORECASE)


class RedactSecrets(logging.Filter):
    """Blanks the value of ``token=`` and ``code=`` in the URLs uvicorn logs (its access log and its
    WebSocket lines): the room never puts a secret in a URL, but a client might."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and any(isinstance(a, str) for a in record.args):
            record.args = tuple(_SECRET_IN_URL.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = _SECRET_IN_URL.sub(r"\1…", record.msg)
        return True


REDACT = RedactSecrets()
