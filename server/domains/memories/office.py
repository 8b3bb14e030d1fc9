# The memory's LibreOffice worker (issue 12, "Word export"): a long-lived process that talks UNO to
# the one soffice instance the server keeps running (server/domains/memories/office.ts), and
# answers one JSON request a line on stdin with one JSON line on stdout:
#   {"id": 1, "op": "pages", "in": "/tmp/x.docx"}        -> {"id": 1, "pages": [3, 3, 5, ...]}
#   {"id": 2, "op": "pdf", "in": "/tmp/x.docx", "out": "/tmp/x.pdf"} -> {"id": 2, "pages": [...]}
#   {"id": 3, "op": "docx", "in": "/tmp/x.odt", "out": "/tmp/x.docx"} -> {"id": 3, "pages": []}
# "pages" updates every index of the document (the table of contents) and gives the page number of
# each of its entries in order: LibreOffice's `--convert-to` never updates the index, and docx's own
# estimate of page numbers is slow and often wrong: it matched LibreOffice for 80 of 104 headings in 8 s, measured before choosing.
# Run with Debian's /usr/bin/python3: python3-uno installs `uno` there.
import json
import sys
import time

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(pipe, timeout):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + timeout
    while True:
        try:
            ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        except Exception:
            if time.time() > deadline:
                raise
            time.sleep(0.2)


def index_pages(document):
    """Updates every index, then reads the page number that ends each entry of the tables of contents."""
    indexes = document.getDocumentIndexes()
    pages = []
    for i in range(indexes.getCount()):
        index = indexes.getByIndex(i)
        index.update()
        if index.supportsService("com.sun.star.text.ContentIndex"):
            for line in index.getAnchor().getString().splitlines():
                head, _, tail = line.rpartition("\t")
                if head and tail.strip().isdigit():
                    pages.append(int(tail.strip()))
    return pages


def handle(desktop, request):
    url = uno.systemPathToFileUrl(request["in"])
    document = desktop.loadComponentFromURL(url, "_blank", 0, (prop("Hidden", True), prop("UpdateDocMode", 0)))
    try:
        if request["op"] == "docx":
            # An ODT (a buyer's frame) as Word, as `soffice --convert-to docx` would: indexes left as they are.
            document.storeToURL(uno.systemPathToFileUrl(request["out"]), (prop("FilterName", "MS Word 2007 XML"),))
            return {"pages": []}
        pages = index_pages(document)
        if request["op"] == "pdf":
            document.storeToURL(uno.systemPathToFileUrl(request["out"]), (prop("FilterName", "writer_pdf_Export"),))
        return {"pages": pages}
    finally:
        document.close(True)


def main():
    desktop = connect(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 60)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            answer = handle(desktop, request)
        except Exception as error:  # the server restarts the pair when soffice is gone
            answer = {"error": "%s: %s" % (type(error).__name__, error)}
        answer["id"] = request.get("id")
        print(json.dumps(answer), flush=True)
    # stdin closed: the server stopped, perhaps without killing us; LibreOffice must not outlive it.
    try:
        desktop.terminate()
    except Exception:
        pass


if __name__ == "__main__":
    main()
