import { templateDifficulties, templatePlatforms, type TemplateList } from '@contracts/templates';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { SelectField } from '../../components/select-field';
import { difficultyLabels, platformLabels } from './template-labels';
import type { TemplateFilters } from './templates.api';

interface TemplateFiltersBarProps {
  search: string;
  onSearch: (value: string) => void;
  filters: TemplateFilters;
  onFilters: (filters: TemplateFilters) => void;
  categories: TemplateList['categories'];
}

/** Search plus the category, platform and difficulty filters (docs/product-spec.md §2 Templates page). */
export function TemplateFiltersBar({ search, onSearch, filters, onFilters, categories }: TemplateFiltersBarProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <div className="sm:col-span-2">
        <label htmlFor="template-search" className="mb-1 block text-xs font-medium text-slate-500 dark:text-slate-400">
          Search
        </label>
        <div className="relative">
          <Icon name="search" size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input
            id="template-search"
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder="Search templates..."
            className={inputClasses(false, 'h-9 py-1 pl-9')}
          />
        </div>
      </div>
      <SelectField
        compact
        label="Category"
        value={filters.category}
        onChange={(e) => onFilters({ ...filters, category: e.target.value })}
        options={[{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }))]}
      />
      <SelectField
        compact
        label="Platform"
        value={filters.platform}
        onChange={(e) => onFilters({ ...filters, platform: e.target.value })}
        options={[{ value: '', label: 'All platforms' }, ...templatePlatforms.map((p) => ({ value: p, label: platformLabels[p].label }))]}
      />
      <SelectField
        compact
        label="Difficulty"
        value={filters.difficulty}
        onChange={(e) => onFilters({ ...filters, difficulty: e.target.value })}
        options={[{ value: '', label: 'All levels' }, ...templateDifficulties.map((d) => ({ value: d, label: difficultyLabels[d].label }))]}
      />
    </div>
  );
}
