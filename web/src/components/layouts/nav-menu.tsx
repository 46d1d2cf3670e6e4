import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { NavLink, useLocation } from 'react-router';

import type { NavMenuItem } from './navigation';
import { cn } from '@/utils/cn';

/** Where an arrow, Home or End key moves focus among `count` links from `index` (-1: the button). */
export function nextLinkIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return index <= 0 ? count - 1 : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A navigation group: a button that shows and hides a list of links (the
 * ARIA disclosure pattern, as for site navigation, not an application menu).
 * Enter or Space toggles it; Down and Up arrows open it and move through its
 * links, Home and End go to the first and last; Escape closes it and gives
 * focus back to the button; leaving it (focus or a click elsewhere) closes it.
 */
export function NavMenu({ item }: { item: NavMenuItem }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const linkRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const location = useLocation();
  const active = item.items.some((child) => location.pathname.startsWith(child.to));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focusLink = (index: number) => {
    // A hidden link cannot take focus: show the list first.
    flushSync(() => setOpen(true));
    linkRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (!open) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    const current = linkRefs.current.findIndex((link) => link === document.activeElement);
    // From the button, Home and End are left to the page.
    if (current === -1 && (event.key === 'Home' || event.key === 'End')) return;
    const next = nextLinkIndex(event.key, current, item.items.length);
    if (next === null) return;
    event.preventDefault();
    focusLink(next);
  };

  return (
    <div
      className="nav-menu"
      ref={ref}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={cn('nav-link', 'nav-menu__trigger', active && 'nav-link--active')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {item.label}
        <span className="nav-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul id={menuId} className="nav-menu__list" hidden={!open}>
        {item.items.map((child, index) => (
          <li key={child.to}>
            <NavLink
              ref={(element) => {
                linkRefs.current[index] = element;
              }}
              to={child.to}
              className={({ isActive }) => cn('nav-menu__link', isActive && 'nav-menu__link--active')}
              onClick={() => setOpen(false)}
            >
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
