// Which built files a route loads, read from Vite's manifest (dist/client/.vite/manifest.json): the
// entry's static import closure (what index.html preloads) plus each lazy route module and its own
// static closure. Dynamic imports inside those (the account menu, the barcode reader...) load later,
// on demand, so they are not counted.

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteFiles {
  js: string[];
  css: string[];
}

/** The JavaScript and CSS files a page loads before it is interactive: entry closure plus `lazyModules`. */
export function routeFiles(manifest: Manifest, entry: string, lazyModules: readonly string[]): RouteFiles {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk "${key}" (was the module renamed?)`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const lazy of lazyModules) visit(lazy);
  return { js: [...js].sort(), css: [...css].sort() };
}
