import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '@/utils/cn';

export interface TabItem<Key extends string> {
  key: Key;
  label: string;
  /**
   * The tab's accessible name where its label alone would be ambiguous (a
   * tab set per card, several on a page: "School for Mia"). It should begin
   * with the label, so that speech input finds the tab by what it shows.
   */
  name?: string;
  content: ReactNode;
}

export interface TabsProps<Key extends string> {
  label: string;
  tabs: ReadonlyArray<TabItem<Key>>;
  selected: Key;
  onSelect: (key: Key) => void;
}

/**
 * Tabs with the usual keyboard use: arrow keys, Home and End move between
 * tabs; only the selected tab's panel is rendered.
 */
export function Tabs<Key extends string>({ label, tabs, selected, onSelect }: TabsProps<Key>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === current?.key);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.key);
    tabRefs.current.get(target.key)?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.key === current?.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              id={`${baseId}-tab-${tab.key}`}
              type="button"
              role="tab"
              className={cn('tabs__tab', active && 'tabs__tab--active')}
              aria-label={tab.name}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          id={`${baseId}-panel-${current.key}`}
          className="tabs__panel"
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${current.key}`}
          tabIndex={0}
        >
          {current.content}
        </div>
      )}
    </div>
  );
}
