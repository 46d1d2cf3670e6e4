import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

import type { NavMenuItem } from './navigation';
import { cn } from '@/utils/cn';

/** A navigation group that opens a small list of links. */
export function NavMenu({ item }: { item: NavMenuItem }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const active = item.items.some((child) => location.pathname.startsWith(child.to));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="nav-menu" ref={ref}>
      <button
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
      {open && (
        <ul id={menuId} className="nav-menu__list">
          {item.items.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
                className={({ isActive }) => cn('nav-menu__link', isActive && 'nav-menu__link--active')}
                onClick={() => setOpen(false)}
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
