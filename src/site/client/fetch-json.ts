/**
 * A JSON file of the site's API fetched by a page script, failing with the address and the HTTP status (which the
 * scripts show the reader) rather than a parse error of a not-found page. No import, so a page's entry can use it.
 */
export function fetchJson<T = unknown>(url: string): Promise<T> {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.json() as Promise<T>;
  });
}
