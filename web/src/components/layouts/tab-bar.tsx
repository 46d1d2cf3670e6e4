import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import type { ShortcutItem } from './navigation';
import { ClockIcon, HomeIcon, PlusCircleIcon, WalletIcon } from '@/components/ui/icons';
import { cn } from '@/utils/cn';

const ICONS: Record<ShortcutItem['icon'], ComponentType> = {
  home: HomeIcon,
  chore: PlusCircleIcon,
  history: ClockIcon,
  payouts: WalletIcon,
};

/**
 * The bar at the foot of a child's screen on a phone or a narrow tablet (the
 * stylesheet shows it only where the main navigation folds into a menu): the
 * main actions without opening the menu. It comes after <main>, so the skip
 * link and the top navigation keep their places in the Tab order.
 */
export function TabBar({ items }: { items: readonly ShortcutItem[] }) {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('nav.shortcuts')}>
      <ul className="tab-bar__list">
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) => cn('tab-bar__link', isActive && 'tab-bar__link--active')}
              >
                <Icon />
                <span className="tab-bar__label">{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
