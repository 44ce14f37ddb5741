import { Link, useLocation } from "react-router";

interface NavGroup {
  label: string;
  links: { label: string; to: string }[];
}

// The specification's header groups, in its order.
export const NAV_GROUPS: NavGroup[] = [
  {
    label: "Poems",
    links: [
      { label: "Explore", to: "/poems" },
      { label: "Popular", to: "/popular" },
      { label: "Tools", to: "/word-frequency" },
    ],
  },
  {
    label: "Poets",
    links: [
      { label: "Explore", to: "/authors" },
      { label: "Collections", to: "/collections" },
    ],
  },
  {
    label: "Project",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
    ],
  },
];

/**
 * Each group is a <details> disclosure so the menus open by keyboard, touch and without JavaScript;
 * hover behaviour is layered on later without changing this markup.
 */
export function MainNav() {
  // Keyed on the path so an open menu closes once one of its links has been followed.
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="main-nav">
      <ul className="main-nav__groups">
        {NAV_GROUPS.map((group) => (
          <li key={group.label} className="main-nav__group">
            <details className="main-nav__menu" key={pathname}>
              <summary className="main-nav__summary">{group.label}</summary>
              <ul className="main-nav__links">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="main-nav__link">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  );
}
