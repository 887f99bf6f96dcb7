"""File formats, pure parsing and writing: journal files of other tools, PAGE-XML and ALTO."""
