"""The seat page: one page, one protocol, one answerer, on every transport.

- ``template``: the page (``page.html``, ``page.js``, ``page.css``) filled from
  Python: the table's sentences and figures, the protocol's version;
- ``protocol``: the frames a page and its answerer trade, their checks and the
  version;
- ``answerer``: the one answerer of those frames for one table, which both the
  seat server's rooms (``tabletop.online``) and the static site's worker
  (``tabletop.site``) use: the welcome, the views, the refusals and their words.

It imports the standard library and ``tabletop`` (core, draw, table) only: no
server, no widget, so the browser's Python runs it as the server does.
"""
