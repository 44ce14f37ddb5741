import { Link } from "react-router";
import { HeaderSearch } from "./header-search";
import { MainNav } from "./main-nav";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__name">
          {siteName}
        </Link>
        <MainNav />
        <HeaderSearch />
        <div className="site-header__account">
          {/* Sign-in arrives with the accounts issue; the link keeps its place in the layout and tab order. */}
          <a href="/login" className="button button--quiet">
            Sign In
          </a>
        </div>
      </div>
    </header>
  );
}
