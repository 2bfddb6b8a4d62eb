// Language (§1: Indonesian, the default, and English). Choosing one switches the whole app and
// moves to the same page under that language's prefix.
import styled from '@emotion/styled';
import { ACCOUNT_PATHS, api, Card, isLanguage, LANGUAGES, Page, PageHeader, TextLink, tokens, type Language } from '@pasar/shared';
import { useAccountT } from '../i18n';
import { useSwitchLanguage } from '../language/use-switch-language';

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  margin-bottom: ${tokens.space.md};
  padding: 0;
  font-weight: ${tokens.fontWeights.semibold};
`;

const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
`;

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: ${tokens.space.md};
  min-height: 48px;
  padding: 0 ${tokens.space.lg};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${tokens.colors.primary};
    background: ${tokens.colors.surfaceSunken};
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${tokens.colors.primary};
  }
`;

export function LanguagePage() {
  const { t, i18n } = useAccountT();
  const switchLanguage = useSwitchLanguage();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'id';

  return (
    <Page narrow>
      <PageHeader
        before={<TextLink to="/account">{t('common.backToAccount')}</TextLink>}
        title={t('language.title')}
        subtitle={t('language.description')}
      />
      <Card>
        <Fieldset>
          <Legend>{t('language.legend')}</Legend>
          <Options>
            {LANGUAGES.map((language) => (
              <Option key={language} lang={language}>
                <input
                  type="radio"
                  name="language"
                  value={language}
                  checked={current === language}
                  onChange={() => {
                    void switchLanguage(language);
                    // Also the profile's language (messages, e-mails); the page switches even if this fails.
                    api.patch(ACCOUNT_PATHS.me, { language }).catch(() => undefined);
                  }}
                />
                {t(`language.${language}`)}
              </Option>
            ))}
          </Options>
        </Fieldset>
      </Card>
    </Page>
  );
}
