"""The rules of Monopoly (the pure `engine` package) and the referees' rules FAQ."""
