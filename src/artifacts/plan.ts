/**
 * The preview's planning, a second entry of `src/artifacts` for the code that loads with the first file that
 * runs (`src/ui/artifacts/preview-core.ts`): the page plan of an artifact, the CDN addresses it names and the
 * library shelf's manifest. Not re-exported by `index.ts`, whose every module is in the app's first load.
 */
export {
  CDN_HOSTS,
  FONT_HOSTS,
  findPackage,
  fontHostOf,
  isBareSpecifier,
  isPublicCdnUrl,
  missingLibraryText,
  PUBLIC_CDN_HOSTS,
  packageNameOf,
  packageOfSpecifier,
  parseCdnUrl,
} from './cdn';
// The page that draws a Mermaid diagram: needed only once a diagram is shown.
export { MERMAID_SCRIPT, mermaidPage } from './mermaid-page';
export { planPage } from './page-plan';
export {
  ARTIFACT_SPECIFIER,
  compileToken,
  GENERATED_FOLDER,
  SHELF_MARKER,
  shelfModuleOf,
} from './page-source';
// The libraries `run_code`'s JavaScript may import (its description and its sandbox).
export { CODE_LIBRARIES } from './shelf-list';
export {
  EMPTY_SHELF,
  iconStemOf,
  isShelfManifest,
  parseIconTable,
  parseShelfManifest,
  SHELF_MANIFEST_VERSION,
  shelfFiles,
} from './shelf-manifest';
