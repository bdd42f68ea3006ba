import { cn } from '../../lib/cn';

interface CategoryFilterProps {
  categories: string[];
  value: string;
  onChange: (value: string) => void;
  label: string;
}

export function CategoryFilter({ categories, value, onChange, label }: CategoryFilterProps) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {categories.map((category) => (
        <button
          key={category}
          type="button"
          aria-pressed={value === category}
          onClick={() => onChange(category)}
          className={cn(
            'rounded-full px-3 py-1 text-sm font-medium transition-colors',
            value === category
              ? 'bg-indigo-600 text-white'
              : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800',
          )}
        >
          {category}
        </button>
      ))}
    </div>
  );
}
