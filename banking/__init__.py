"""The bank's ledger: entries, the table-state projection, and the banker console."""
