"""Services write: each takes keyword arguments, runs in one transaction and refuses clearly."""
