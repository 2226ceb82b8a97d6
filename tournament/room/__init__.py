"""The control room: every table's and tablet's health during a live round, and which tables
need someone's attention, for the desk and the referees alike."""
