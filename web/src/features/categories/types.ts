export type { Category } from '@/types/api';
