// Database schema (Drizzle). Filled in by the data-layer work; see docs/decisions.
export {};
