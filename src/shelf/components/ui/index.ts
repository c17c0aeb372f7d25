// Every component, bundled once as the shelf module `@/components/ui`; each `@/components/ui/<name>` module
// re-exports its own names from it, so the Radix internals they share load once. The components on a library
// of their own (calendar, carousel, command, drawer, form, input-otp, resizable, sonner) are modules of their
// own: a page reads that library only when it uses the component.
export * from './accordion';
export * from './alert';
export * from './alert-dialog';
export * from './aspect-ratio';
export * from './avatar';
export * from './badge';
export * from './breadcrumb';
export * from './button';
export * from './card';
export * from './checkbox';
export * from './collapsible';
export * from './context-menu';
export * from './dialog';
export * from './dropdown-menu';
export * from './hover-card';
export * from './input';
export * from './label';
export * from './menubar';
export * from './navigation-menu';
export * from './pagination';
export * from './popover';
export * from './progress';
export * from './radio-group';
export * from './scroll-area';
export * from './select';
export * from './separator';
export * from './sheet';
export * from './skeleton';
export * from './slider';
export * from './switch';
export * from './table';
export * from './tabs';
export * from './textarea';
export * from './toast';
export * from './toaster';
export * from './toggle';
export * from './toggle-group';
export * from './tooltip';
export * from './use-toast';
