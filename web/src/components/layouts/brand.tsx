import { CheckIcon } from '@/components/ui/icons';
import { APP_NAME } from '@/config/env';

export function Brand({ suffix }: { suffix?: string }) {
  return (
    <span className="brand">
      <span className="brand__mark" aria-hidden="true">
        <CheckIcon />
      </span>
      <span className="brand__name">{APP_NAME}</span>
      {suffix && <span className="brand__suffix">{suffix}</span>}
    </span>
  );
}
