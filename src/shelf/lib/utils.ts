import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names the shadcn/ui way: conditional parts as clsx reads them, later Tailwind classes winning. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
