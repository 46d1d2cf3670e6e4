/**
 * A picture for a chore or category in the KIDS theme, found from its words:
 * the first keyword (in the order below) found in the name wins (a word equal
 * to it, or starting with it when it has four letters or more),
 * then of the category's name; otherwise a sparkle. The same name always gets
 * the same picture.
 */
const KEYWORDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['🍽️', ['dish', 'plate', 'table', 'kitchen', 'cook', 'meal', 'lunch', 'dinner', 'breakfast']],
  ['🗑️', ['trash', 'bin', 'garbage', 'rubbish', 'recycl']],
  ['🧺', ['laundry', 'clothes', 'fold', 'sock']],
  ['🛏️', ['bed', 'beds', 'bedroom', 'pillow', 'sheet']],
  ['🧹', ['sweep', 'broom', 'floor', 'porch', 'dust', 'tidy', 'clean', 'vacuum', 'mop']],
  ['🪴', ['plant', 'water', 'garden', 'flower', 'weed', 'yard', 'lawn', 'mow', 'leaves']],
  ['🐶', ['dog', 'dogs', 'pet', 'pets', 'cat', 'cats', 'fish', 'feed', 'walk']],
  ['🛁', ['bath', 'toilet', 'shower', 'sink', 'teeth', 'brush']],
  ['📚', ['homework', 'read', 'book', 'study', 'school', 'math', 'piano', 'practi']],
  ['🧸', ['toy', 'toys', 'room', 'lego', 'game']],
  ['🚗', ['car', 'cars', 'bike']],
  ['🛒', ['shop', 'grocer', 'groceries']],
];

export const DEFAULT_EMOJI = '✨';

function match(text: string | null | undefined): string | null {
  const words = (text ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  for (const [emoji, keywords] of KEYWORDS) {
    const found = keywords.some((keyword) =>
      words.some((word) => word === keyword || (keyword.length >= 4 && word.startsWith(keyword))),
    );
    if (found) return emoji;
  }
  return null;
}

/** The chore's picture: from its name, else from its category's name, else the sparkle. */
export function choreEmoji(name: string | null | undefined, categoryName?: string | null): string {
  return match(name) ?? match(categoryName) ?? DEFAULT_EMOJI;
}

/** The category's picture: from its name, else the sparkle. */
export function categoryEmoji(name: string | null | undefined): string {
  return match(name) ?? DEFAULT_EMOJI;
}
