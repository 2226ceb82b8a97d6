"""The event side of the HTTP API (API.md): events, players, rounds, tables, results."""
