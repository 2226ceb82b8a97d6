"""Services that write the books: entries, voids, closing tables, ending rounds."""
