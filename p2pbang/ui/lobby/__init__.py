"""The lobby's screens: the table browser, the form to open a table, the waiting room."""
