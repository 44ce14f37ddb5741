import http from "node:http";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = any>(): T;
}

/**
 * One HTTP request from a chosen local address (`from`, e.g. 127.0.0.12): fetch cannot pick it, and the
 * system tests need clients that a proxy and the rate limits tell apart. A fresh connection every time.
 */
export function requestFrom(
  url: string,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.from, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
