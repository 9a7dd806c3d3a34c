#!/usr/bin/env python3
"""Writes the test documents: the same HTML page and the same XML feed in several charsets.

Each document holds the same IRIs (RFC 3987 §7.3; the idea of testing IRIs in documents in
many encodings comes from "Internationalized Resource Identifiers: From Specification to
Testing", IUC 19, 2001). Characters a charset cannot represent are written as numeric
character references (Python's 'xmlcharrefreplace'), so every document means the same text.
Every IRI starts a line after ASCII only, so lines and columns agree across the charsets.

Run from this directory: python3 make_documents.py
"""

import codecs

# (file suffix, Python codec, label declared in the document, byte order mark)
CHARSETS = [
    ("utf-8", "utf-8", "UTF-8", b""),
    ("utf-16le", "utf-16-le", "UTF-16", codecs.BOM_UTF16_LE),
    ("utf-16be", "utf-16-be", "UTF-16", codecs.BOM_UTF16_BE),
    ("iso-8859-1", "latin-1", "ISO-8859-1", b""),
    ("windows-1252", "cp1252", "windows-1252", b""),
    ("shift_jis", "shift_jis", "Shift_JIS", b""),
    ("euc-jp", "euc_jp", "EUC-JP", b""),
    ("koi8-r", "koi8_r", "KOI8-R", b""),
]

HTML = """<!DOCTYPE html>
<html>
<head>
<meta charset="{label}">
<title>IRIs in {label}</title>
<base href="http://example.org/base/">
</head>
<body>
<a href="http://example.org/r\u00e9sum\u00e9">1</a>
<a href="http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u5f15\u304d\u51fa\u3057">2</a>
<a href="http://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/\u043f\u0443\u0442\u044c?q=\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435">3</a>
<a href="http://example.org/\u20acuro">4</a>
<a href="Z\u00fcrich/stra\u00dfe#Geschichte">5</a>
<img src="../\u753b\u50cf/\u0444\u043e\u0442\u043e.png" alt="">
<a href="http://example.org/?a=1&amp;b=M&auml;rz">6</a>
<form action="/suche?q=&#x65E5;&#26412;"></form>
<p>Siehe http://example.org/Gr\u00fc\u00dfe.</p>
<a href="http://example.org/a b">7</a>
</body>
</html>
"""

XML = """<?xml version="1.0" encoding="{label}"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:xlink="http://www.w3.org/1999/xlink" xml:base="http://example.org/feed/">
<link href="http://example.org/r\u00e9sum\u00e9"/>
<link href="http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u5f15\u304d\u51fa\u3057"/>
<link href="http://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/\u043f\u0443\u0442\u044c?q=\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435"/>
<link href="http://example.org/\u20acuro"/>
<entry xml:base="eintrag/">
<link href="Z\u00fcrich/stra\u00dfe#Geschichte"/>
<x xlink:href="../\u753b\u50cf/\u0444\u043e\u0442\u043e.png"/>
</entry>
<link href="http://example.org/?a=1&amp;b=M&#228;rz"/>
<content>Siehe http://example.org/Gr\u00fc\u00dfe.</content>
<link href="http://example.org/a b"/>
</feed>
"""


def main():
    for suffix, codec, label, bom in CHARSETS:
        for kind, template in (("html", HTML), ("xml", XML)):
            text = template.format(label=label)
            data = bom + text.encode(codec, "xmlcharrefreplace")
            # The document must read back as the same text, references aside.
            assert data[len(bom):].decode(codec).count("\n") == text.count("\n")
            with open(f"page.{suffix}.{kind}", "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
