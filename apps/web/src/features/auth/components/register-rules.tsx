// SPEC 5: the membership rules, and the two boxes the user must check before the code is sent.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Checkbox } from './fields';

type Rule = 'rulesMembership' | 'rulesPrivacy';

interface RegisterRulesProps {
  checked: Record<Rule, boolean>;
  onChange: (rule: Rule, checked: boolean) => void;
  invalid: (rule: Rule) => boolean;
}

export function RegisterRules({ checked, onChange, invalid }: RegisterRulesProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="rules">
      <legend>{t('register.rulesLegend')}</legend>
      <details className="rules-text">
        <summary>{t('register.membershipRulesTitle')}</summary>
        <ul>
          <li>{t('register.membershipRule1')}</li>
          <li>{t('register.membershipRule2')}</li>
          <li>{t('register.membershipRule3')}</li>
          <li>{t('register.membershipRule4')}</li>
        </ul>
      </details>
      <Checkbox
        label={t('register.acceptMembership')}
        name="rulesMembership"
        checked={checked.rulesMembership}
        onChange={(value) => onChange('rulesMembership', value)}
        invalid={invalid('rulesMembership')}
      />
      <Checkbox
        label={t('register.acceptPrivacy')}
        name="rulesPrivacy"
        checked={checked.rulesPrivacy}
        onChange={(value) => onChange('rulesPrivacy', value)}
        invalid={invalid('rulesPrivacy')}
      />
      <p className="rules-link">
        {/* A new tab, so the filled form is not lost. */}
        <Link to="/privacypolicy" target="_blank" rel="noopener">
          {t('register.readPrivacy')}
        </Link>
      </p>
    </fieldset>
  );
}
