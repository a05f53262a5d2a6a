import { autoTag, type CustomField, customFieldTagError, tagFromName } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  contactValueError,
  customFieldFormErrors,
  emptyForm,
  formFromField,
  groupByType,
  toFieldBody,
  withName,
  withTag,
} from './custom-field-form';

const field = (patch: Partial<CustomField> = {}): CustomField => ({
  guId: 'g1',
  name: 'Shirt Size',
  tag: 'shirtsize',
  type: 'dropdown',
  option1: 'S',
  option2: 'M',
  option3: '',
  option4: '',
  option5: '',
  option6: '',
  fieldName: '',
  placeholder: '',
  text: '',
  isMandatory: false,
  isFormField: false,
  sequence: 0,
  ...patch,
});

describe('tag rules (spec 2 §5)', () => {
  it('wants lowercase letters and digits, at most 25, unused', () => {
    expect(customFieldTagError('shoe42')).toBeNull();
    expect(customFieldTagError('')).toBe("Tag can't be empty and use lowercase without spaces");
    expect(customFieldTagError('Shoe')).toBe("Tag can't be empty and use lowercase without spaces");
    expect(customFieldTagError('shoe size')).toBe("Tag can't be empty and use lowercase without spaces");
    expect(customFieldTagError('a'.repeat(25))).toBeNull();
    expect(customFieldTagError('a'.repeat(26))).toBe('Tag cannot exceed 25 chars');
    expect(customFieldTagError('shoe', ['boot', 'shoe'])).toBe('Tag is already in use');
  });

  it('makes a tag from the name: lowercase, letters and digits only, accents dropped', () => {
    expect(tagFromName('Shoe Size (EU) 2')).toBe('shoesizeeu2');
    expect(tagFromName('Café Préféré')).toBe('cafeprefere');
  });

  it('follows the name only while the tag is not edited and the name is at most 25 characters', () => {
    expect(autoTag('Shoe Size', '', false)).toBe('shoesize');
    expect(autoTag('Shoe Size', 'mine', true)).toBe('mine');
    expect(autoTag('x'.repeat(26), 'xxxxx', false)).toBe('xxxxx');
  });
});

describe('the custom field dialog', () => {
  it('derives the tag while typing the name, and stops once the tag is edited', () => {
    let values = withName(emptyForm(), 'Shoe');
    values = withName(values, 'Shoe Size');
    expect(values.tag).toBe('shoesize');
    values = withTag(values, 'size');
    values = withName(values, 'Shoe Size EU');
    expect(values.tag).toBe('size');
  });

  it('keeps an existing field’s tag when it is renamed', () => {
    expect(withName(formFromField(field()), 'T-shirt').tag).toBe('shirtsize');
  });

  it('is invalid without a name, with a bad or taken tag', () => {
    expect(customFieldFormErrors(emptyForm(), [])).toMatchObject({
      name: 'Name is required!',
      tag: "Tag can't be empty and use lowercase without spaces",
    });
    const values = withName(emptyForm(), 'Shoe Size');
    expect(customFieldFormErrors(values, [])).toEqual({});
    expect(customFieldFormErrors(values, ['shoesize'])).toEqual({ tag: 'Tag is already in use' });
    expect(customFieldFormErrors(withTag(values, 'x'.repeat(26)), []).tag).toBe('Tag cannot exceed 25 chars');
  });

  it('needs an option for radio and dropdown, each different, and points at the option shown', () => {
    const values = { ...withName(emptyForm('radio'), 'Level') };
    expect(customFieldFormErrors(values, [])).toEqual({ option1: 'Add at least one option' });
    expect(customFieldFormErrors({ ...values, option3: 'A' }, [])).toEqual({});
    expect(customFieldFormErrors({ ...values, option2: 'A', option5: 'A' }, [])).toEqual({
      option5: 'Options must be different',
    });
  });

  it('sends only what the type shows', () => {
    const values = {
      ...withName(emptyForm('text'), 'Notes'),
      isMandatory: true,
      option1: 'left over',
      placeholder: 'Say it',
    };
    expect(toFieldBody(values)).toMatchObject({ isMandatory: true, option1: '', placeholder: 'Say it' });
    const radio = toFieldBody({ ...values, type: 'radio', option2: 'B' });
    expect(radio).toMatchObject({ isMandatory: false, option1: 'left over', option2: 'B', placeholder: '' });
    expect(customFieldFormErrors({ ...values, type: 'header' }, [])).toEqual({});
  });

  it('keeps the stored text, form flag and sequence of an edited field', () => {
    const existing = field({ text: 'T', isFormField: true, sequence: 7 });
    expect(toFieldBody(formFromField(existing), existing)).toMatchObject({
      text: 'T',
      isFormField: true,
      sequence: 7,
      option1: 'S',
      option2: 'M',
    });
    expect(toFieldBody(emptyForm())).not.toHaveProperty('sequence');
  });
});

describe('the list', () => {
  it('groups by type in the spec’s order, filtered by type', () => {
    const fields = [
      field({ guId: 'a', type: 'dropdown' }),
      field({ guId: 'b', type: 'text' }),
      field({ guId: 'c', type: 'text' }),
    ];
    expect(groupByType(fields, 'all').map((g) => [g.type, g.fields.map((f) => f.guId)])).toEqual([
      ['text', ['b', 'c']],
      ['dropdown', ['a']],
    ]);
    expect(groupByType(fields, 'dropdown').map((g) => g.type)).toEqual(['dropdown']);
    expect(groupByType(fields, 'radio')).toEqual([]);
  });
});

describe('contact values', () => {
  it('checks each type', () => {
    expect(contactValueError(field(), 'M')).toBeNull();
    expect(contactValueError(field(), 'L')).toBe('Shirt Size must be one of its options');
    expect(contactValueError(field(), '')).toBeNull();
    expect(contactValueError(field({ type: 'number', name: 'Age' }), '4.5')).toBeNull();
    expect(contactValueError(field({ type: 'number', name: 'Age' }), '4,5')).toBe('Age must be a number');
    expect(contactValueError(field({ type: 'checkbox', name: 'Ok', isMandatory: true }), 'false')).toBe(
      'Ok is required',
    );
    expect(contactValueError(field({ type: 'text', name: 'Nick', isMandatory: true }), '  ')).toBe('Nick is required');
    expect(contactValueError(field({ type: 'header', name: 'Top' }), '')).toBeNull();
  });
});
