import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the route list of the specification (section 2) and its API calls (section 7).
export default [
  index("routes/home.tsx"),
  route("poems", "routes/poems.tsx"),
  route("poems/random", "routes/poems.random.tsx"),
  route("poems/:poemId", "routes/poem.tsx"),
  route("poems/:poemId/print", "routes/poem.print.tsx"),
  route("poems/:poemId/text", "routes/poem.text.ts"),
  route("popular", "routes/popular.tsx"),
  route("authors", "routes/authors.tsx"),
  // The spec's wildcard author page: everything after /authors/ is the directory (a trailing slash is dropped).
  route("authors/*", "routes/author.tsx"),
  route("collections", "routes/collections.tsx"),
  route("collections/:collectionId", "routes/collection.tsx"),
  route("about", "routes/about.tsx"),
  route("settings", "routes/settings.tsx"),
  ...prefix("test", [
    index("routes/test/index.tsx"),
    route("auth", "routes/test/auth.tsx"),
    route("favorite", "routes/test/favorite.tsx"),
    route("api", "routes/test/api.tsx"),
  ]),
  route("testpoem", "routes/test/poem.tsx"),

  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("stats", "routes/api/stats.ts"),
    route("poems", "routes/api/poems.ts"),
    route("poems/random", "routes/api/poems.random.ts"),
    route("poems/popular", "routes/api/poems.popular.ts"),
    route("poems/:id", "routes/api/poem.ts"),
    route("authors", "routes/api/authors.ts"),
    route("authors/:directory", "routes/api/author.ts"),
    route("authors/:directory/poems", "routes/api/author.poems.ts"),
    route("collections", "routes/api/collections.ts"),
    route("collections/:id", "routes/api/collection.ts"),
    route("collections/:id/poems", "routes/api/collection.poems.ts"),
    route("search", "routes/api/search.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
