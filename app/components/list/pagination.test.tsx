import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

const render = (props: Parameters<typeof Pagination>[0], at = "/favorites?sort=title&page=2") =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      <Pagination {...props} />
    </MemoryRouter>,
  );

describe("Pagination", () => {
  it("numbered: Previous, the page window with the current page marked, Next, keeping the other parameters", () => {
    const html = render({ page: 2, pages: 9, label: "Poems pages" });
    expect(html).toContain('aria-label="Poems pages"');
    expect(html).toContain('rel="prev" href="/favorites?sort=title"');
    expect(html).toContain('<span aria-current="page" class="pagination__current">2</span>');
    expect(html).toContain('rel="next" href="/favorites?sort=title&amp;page=3"');
    expect(html).toContain("…");
  });

  it("simple (the favorites pager): 'Page X of Y' between the steps, which are disabled at either end", () => {
    const first = render({ page: 1, pages: 3, label: "Favorites pages", simple: true }, "/favorites");
    expect(first).toContain('class="pagination pagination--simple"');
    expect(first).toContain("Page 1 of 3");
    expect(first).toContain('<span aria-disabled="true" class="pagination__disabled">Previous</span>');
    expect(first).toContain('rel="next" href="/favorites?page=2"');
    expect(first).not.toContain("pagination__current");
    const last = render({ page: 3, pages: 3, simple: true }, "/favorites?page=3");
    expect(last).toContain('<span aria-disabled="true" class="pagination__disabled">Next</span>');
  });

  it("renders nothing for a single page", () => {
    expect(render({ page: 1, pages: 1 })).toBe("");
  });
});
