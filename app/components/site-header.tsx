import { Link } from "react-router";
import { AccountControls } from "./account/account-controls";
import { MobileMenu } from "./header/mobile-menu";
import { MobileSearch } from "./header/mobile-search";
import { ThemeToggle } from "./header/theme-toggle";
import { HeaderSearch } from "./header-search";
import { MainNav } from "./main-nav";

/**
 * The header of every screen. From 768 px: dropdown navigation, the expandable search box, the light/dark
 * toggle and Sign In (or, signed in, the user menu). Below it the stylesheet swaps in the Menu slide-over and the mobile search bar.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <MobileMenu />
        <Link to="/" className="site-header__name">
          {siteName}
        </Link>
        <MainNav />
        <div className="site-header__tools">
          <HeaderSearch />
          <ThemeToggle />
          <AccountControls />
        </div>
      </div>
      <MobileSearch />
    </header>
  );
}
