import { Button, Menu, Select } from '@mantine/core';
import { LANGUAGES, type Language } from '@prosa/contracts';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './use-language';

/** A compact menu for headers. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          aria-label={t('header.language')}
          data-testid="language-menu"
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            onClick={() => change(lang)}
            rightSection={lang === language ? <IconCheck size={14} /> : null}
            data-testid={`language-option-${lang}`}
          >
            {t(`languages.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A labelled select for forms and settings panels. */
export function LanguageSelect({ label }: { label?: string }) {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  return (
    <Select
      label={label ?? t('header.language')}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
      value={language}
      onChange={(v) => v && change(v as Language)}
      allowDeselect={false}
      data-testid="language-select"
    />
  );
}
