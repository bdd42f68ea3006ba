import { inputClasses } from '../../../components/input.styles';
import { knowledgeQuestions } from '../onboarding.data';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

export function KnowledgeStep({ state, update }: StepProps) {
  return (
    <div>
      <StepHeading title="Build your knowledge base" description="Answer what you can — your assistant uses these facts in replies. All optional." />
      <div className="space-y-4">
        {knowledgeQuestions.map((question) => (
          <div key={question.id}>
            <label htmlFor={`kb-${question.id}`} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
              {question.label}
            </label>
            <textarea
              id={`kb-${question.id}`}
              rows={2}
              placeholder={question.placeholder}
              value={state.kbAnswers[question.id] ?? ''}
              onChange={(e) => update({ kbAnswers: { ...state.kbAnswers, [question.id]: e.target.value } })}
              className={inputClasses(false, 'resize-y')}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
