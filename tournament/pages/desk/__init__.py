"""The organiser desk: server-rendered pages under /desk/ for the people who run an event.

Views parse a form, call one service (or read selectors) and render or redirect with a
message; a service's refusal is shown as its sentence and changes nothing.
"""
