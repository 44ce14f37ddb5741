import { PreviewSearchForm } from "../header-search";

/**
 * The search bar shown under the header below 768 px, in place of the desktop box: a GET form to /search,
 * with the same live top-result preview as the desktop box once JavaScript runs.
 */
export function MobileSearch() {
  return <PreviewSearchForm block="mobile-search" label="Mobile search" submitText="Search" />;
}
