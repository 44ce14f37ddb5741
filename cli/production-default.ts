// The site runs in production unless told otherwise. Imported first by the CLI (cli/index.ts), before any module
// that loads React: React and React DOM each pick their development or production bundle from NODE_ENV when first
// loaded, and `npm start` sets none. Decided any later (the server's modules import react-router, and with it
// React, as the CLI loads), React would be the development bundle beside React DOM's production one, and every
// page would fail to render ("dispatcher.getOwner is not a function").
process.env.NODE_ENV ??= "production";
