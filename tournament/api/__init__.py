"""The event side of the HTTP API (docs/api.md): events, players, rounds, tables, results."""
