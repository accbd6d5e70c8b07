import { describe, expect, it } from "vitest";
import { htmlToText, safeUrl, sanitizeHtml } from "../src/lib/html.ts";

// The rich-text sanitizer (server/src/lib/html.ts): allow-list only. Pure functions, no database.

describe("sanitizeHtml keeps the markup of a policy", () => {
  it("keeps headings, lists, a table, emphasis and safe links unchanged", () => {
    const doc =
      '<h2>差旅制度</h2><p>Read <strong>all</strong> of <em>it</em>.</p><ul><li>一</li><li>two</li></ul>' +
      '<ol start="3"><li>three</li></ol><table><thead><tr><th scope="col">级别</th><th>Limit</th></tr></thead>' +
      '<tbody><tr><td colspan="2">500 元</td></tr></tbody></table><p><a href="https://example.com/a?b=1&amp;c=2">link</a>' +
      '<a href="/main/helpCenter">in app</a><a href="mailto:hr@example.com">mail</a></p><hr><p>1 &lt; 2 &amp; 3</p>';
    expect(sanitizeHtml(doc)).toBe(doc);
  });

  it("keeps a safe image and a filtered style", () => {
    expect(sanitizeHtml('<img src="/fileInfoEx/downloadFile?id=3" alt="图" width="200">')).toBe('<img src="/fileInfoEx/downloadFile?id=3" alt="图" width="200">');
    expect(sanitizeHtml('<p style="text-align: center; color: #c00; position: fixed; background-image: url(x)">x</p>')).toBe(
      '<p style="text-align: center; color: #c00">x</p>',
    );
  });

  it("adds rel noopener to a link that opens a new window and drops other targets", () => {
    expect(sanitizeHtml('<a href="https://a.example" target="_blank" rel="opener">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeHtml('<a href="https://a.example" target="_top">a</a>')).toBe('<a href="https://a.example">a</a>');
  });
});

describe("sanitizeHtml removes active content", () => {
  const cases: [string, string][] = [
    ["<p>a<script>alert(1)</script>b</p>", "<p>ab</p>"],
    ["<SCRIPT src=//evil.example/x.js></SCRIPT>ok", "ok"],
    ["<script>document.write('</scr'+'ipt>')</script>x", "x"],
    ['<img src=x onerror="alert(1)">', '<img src="x">'],
    ['<img src="javascript:alert(1)">', ""],
    ['<p onclick="steal()" onmouseover=x>t</p>', "<p>t</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="java\tscript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="&#106;avascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="&#x6A;avascript&colon;alert(1)">x</a>', "<a>x</a>"],
    ['<a href=" vbscript:msgbox">x</a>', "<a>x</a>"],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"],
    ["<style>body{display:none}</style>visible", "visible"],
    ['<iframe src="https://evil.example"></iframe>after', "after"],
    ["<svg><script>alert(1)</script><circle/></svg>after", "after"],
    ['<svg onload="alert(1)">x</svg>y', "y"],
    ["<math><mi xlink:href=javascript:alert(1)>x</mi></math>y", "y"],
    ['<object data="x.swf"></object><embed src="x.swf">z', "z"],
    ["<!-- <script>alert(1)</script> -->c", "c"],
    // outside foreign content a CDATA section is a bogus comment ending at the first ">", as in a browser
    ["<![CDATA[<script>alert(1)</script>]]>d", "alert(1)]]&gt;d"],
    ['<form action="https://evil.example"><input name=p><button>Go</button></form>', "Go"],
    ['<div style="width: expression(alert(1))">e</div>', "<div>e</div>"],
    ['<div style="color: red; background: url(javascript:alert(1))">e</div>', '<div style="color: red">e</div>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">f', "f"],
    ['<base href="https://evil.example/">g', "g"],
    ["<p>unclosed <strong>bold", "<p>unclosed <strong>bold</strong></p>"],
    ["</div></p>stray closers", "stray closers"],
    ['<img src="x" onerror=alert(1) ', ""],
    ["<<script>alert(1)//<</script>", "&lt;"],
    ['<td colspan="2 onclick=x">c</td>', "<td>c</td>"],
    ["<textarea><img src=x onerror=alert(1)></textarea>h", "h"],
    // noscript ends at its first close tag, as in a browser with scripting on; the image loses its handler
    ["<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>i", '<img src="x">"&gt;i'],
  ];
  it.each(cases)("%s", (input, expected) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg|<style/i);
  });

  it("keeps a quote in an attribute value inside the value", () => {
    expect(sanitizeHtml('<p title="a&quot; onclick=&quot;x">q</p>')).toBe('<p title="a&quot; onclick=&quot;x">q</p>');
    expect(sanitizeHtml("<p title='a\" onclick=\"x'>q</p>")).toBe('<p title="a&quot; onclick=&quot;x">q</p>');
  });

  it("never lets text open a tag", () => {
    expect(sanitizeHtml("a < b > c & d")).toBe("a &lt; b &gt; c &amp; d");
    expect(sanitizeHtml("5 <3 and <-")).toBe("5 &lt;3 and &lt;-");
  });
});

describe("safeUrl", () => {
  it("accepts http(s), mail, tel and relative addresses and refuses other schemes", () => {
    expect(safeUrl("https://x.example/a")).toBe("https://x.example/a");
    expect(safeUrl("/main/x")).toBe("/main/x");
    expect(safeUrl("#top")).toBe("#top");
    expect(safeUrl("tel:+86-10-1234")).toBe("tel:+86-10-1234");
    expect(safeUrl("javascript:void(0)")).toBeUndefined();
    expect(safeUrl("file:///etc/passwd")).toBeUndefined();
    expect(safeUrl("mailto:a@b.c", true)).toBeUndefined();
    expect(safeUrl("data:image/png;base64,iVBORw0KGgo=", true)).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(safeUrl("data:image/svg+xml;base64,PHN2Zz4=", true)).toBeUndefined();
  });
});

describe("htmlToText", () => {
  it("gives the text of rich text for search, blocks separated, inline runs joined, scripts gone", () => {
    expect(htmlToText("<h2>质<b>量</b>手册</h2><p>Quality&nbsp;manual &amp; more</p><script>evil()</script><ul><li>a</li><li>b</li></ul>")).toBe(
      "质量手册 Quality manual & more a b",
    );
  });
});
