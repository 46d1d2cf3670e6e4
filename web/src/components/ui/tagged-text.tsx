import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

export interface TaggedTextProps {
  /** A translated sentence, its marked words inside tags: "Don't have an account? <register>Create one</register>". */
  text: string;
  /** The element each tag stands for; its words become the element's content. */
  components: Readonly<Record<string, ReactElement>>;
}

/** A tag and its words: `<name>words</name>`, not nested. */
const TAG = /<(\w+)>(.*?)<\/\1>/s;

/**
 * A sentence whose tagged words are shown as elements (a link inside a
 * sentence), in the order the language puts them. react-i18next's `<Trans>`
 * does this and more (nested tags, elements of its own), and brings an HTML
 * parser of about 4.5 KB gzipped: the first page (the login) uses this
 * instead. A tag with no element is shown as its words.
 */
export function TaggedText({ text, components }: TaggedTextProps) {
  const parts: ReactNode[] = [];
  let rest = text;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    const [whole, name = '', words] = match;
    if (match.index > 0) parts.push(rest.slice(0, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, undefined, words) : words);
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) parts.push(rest);
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}
