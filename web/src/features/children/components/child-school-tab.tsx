import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Child } from '../types';
import { GpaSummary } from './gpa-summary';
import { RatingsEditor } from './ratings-editor';
import { SubjectsDialog } from './subjects-dialog';
import { Button } from '@/components/ui';

/**
 * The child card's School tab: the GPA with Subjects & Grades, and the
 * behaviour ratings (the spec keeps ratings, subjects and grades on the card).
 */
export function ChildSchoolTab({ child }: { child: Child }) {
  const { t } = useTranslation('children');
  const [subjects, setSubjects] = useState(false);

  return (
    <div className="child-card__panel">
      <div className="child-card__grades">
        <GpaSummary child={child} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setSubjects(true)}
          aria-label={t('card.subjectsLabel', { name: child.name })}
        >
          {t('card.subjects')}
        </Button>
      </div>
      <RatingsEditor child={child} />
      {subjects && <SubjectsDialog child={child} onClose={() => setSubjects(false)} />}
    </div>
  );
}
