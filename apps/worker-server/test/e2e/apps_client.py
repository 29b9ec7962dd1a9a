"""The official Python SDK's client against the sample's MCP App (called by apps-clients.test.ts).

Usage: python apps_client.py URL MODE DECLARE, MODE `legacy` or `2026-07-28`, DECLARE `1` to declare the
MCP Apps extension. Prints one JSON object: the board tool's _meta, the View's MIME type (when declared) and
the text answer of show_notes_board.
"""

import asyncio
import json
import sys

from mcp import Client
from mcp.client import advertise

BOARD = "ui://notes/board"


async def main(url: str, mode: str, declare: bool) -> None:
    extensions = [advertise("io.modelcontextprotocol/ui", {"mimeTypes": ["text/html;profile=mcp-app"]})]
    async with Client(url, mode=mode, extensions=extensions if declare else None) as client:
        tools = (await client.list_tools()).tools
        show = next(t for t in tools if t.name == "show_notes_board")
        report = {"protocolVersion": client.protocol_version, "meta": show.meta}
        if declare:
            read = await client.read_resource(BOARD)
            report["mimeType"] = read.contents[0].mime_type
        result = await client.call_tool("show_notes_board", {})
        report["text"] = result.content[0].text
        print(json.dumps(report))


asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] == "1"))
