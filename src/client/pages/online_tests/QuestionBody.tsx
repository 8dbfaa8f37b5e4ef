/**
 * One question on the test-taking screen and the student's answer to it: options to tap for the
 * multiple-choice types, text for a subjective one, files for a media one (spec 4 §3). Every
 * change goes to `onChange` at once, which stores and sends it.
 */
import { Checkbox, Input, Radio, Space, Typography } from 'antd';
import { sanitizeRichText } from '../../../shared/richText.js';
import { AttachmentsInput } from '../../framework/AttachmentsInput.js';
import { QUESTION_TYPE, chooseOption, change, isChosen, type AnswerEntry, type TestFile, type TestQuestion } from './testModel.js';

/** Question text may be the editor's rich text: shown sanitised, as the other screens show it. */
export function RichText({ html }: { html: string }) {
  return <div style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html.includes('<') ? html : html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')) }} />;
}

export function FileLinks({ files }: { files?: TestFile[] }) {
  if (!files?.length) return null;
  return (
    <Space direction="vertical" size={2}>
      {files.map((f) => <a key={f.path} href={f.url ?? f.path} target="_blank" rel="noreferrer">{f.name ?? f.path}</a>)}
    </Space>
  );
}

export function QuestionBody({ question, index, answer, disabled, onChange }: {
  question: TestQuestion; index: number; answer: AnswerEntry; disabled?: boolean; onChange: (a: AnswerEntry) => void;
}) {
  const id = `q${question.id}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Text type="secondary">Question {index + 1}{question.correct_marks != null ? ` · ${question.correct_marks} marks` : ''}</Typography.Text>
        <div id={`${id}-text`} style={{ fontSize: 16, marginTop: 4 }}><RichText html={question.question} /></div>
        {question.description && <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{question.description}</Typography.Paragraph>}
        <FileLinks files={question.files} />
      </div>
      {question.type === QUESTION_TYPE.MCQ_SINGLE && (
        <Radio.Group aria-labelledby={`${id}-text`} value={answer.option ?? undefined} disabled={disabled} style={{ width: '100%' }}
          onChange={(e) => onChange(chooseOption(question, answer, Number(e.target.value)))}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {question.options.map((o) => (
              <Radio key={o.id} value={o.id} style={optionStyle(isChosen(answer, o.id))}>
                <span style={{ overflowWrap: 'anywhere' }}>{o.text}</span> <FileLinks files={o.files} />
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {question.type === QUESTION_TYPE.MCQ_MULTIPLE && (
        <Space direction="vertical" style={{ width: '100%' }} role="group" aria-labelledby={`${id}-text`}>
          <Typography.Text type="secondary">Choose one or more.</Typography.Text>
          {question.options.map((o) => (
            <Checkbox key={o.id} checked={isChosen(answer, o.id)} disabled={disabled} onChange={() => onChange(chooseOption(question, answer, o.id))} style={optionStyle(isChosen(answer, o.id))}>
              <span style={{ overflowWrap: 'anywhere' }}>{o.text}</span> <FileLinks files={o.files} />
            </Checkbox>
          ))}
        </Space>
      )}
      {question.type === QUESTION_TYPE.SUBJECTIVE && (
        <Input.TextArea
          aria-labelledby={`${id}-text`} placeholder="Write your answer" autoSize={{ minRows: 5, maxRows: 14 }} maxLength={20000} disabled={disabled}
          value={answer.answer ?? ''} onChange={(e) => onChange(change(question, answer, { answer: e.target.value }))}
        />
      )}
      {question.type === QUESTION_TYPE.MEDIA && (
        <AttachmentsInput
          id={`${id}-files`} kind="online-test-answers" label="Upload your answer" disabled={disabled}
          value={answer.files} onChange={(files) => onChange(change(question, answer, { files }))}
        />
      )}
    </Space>
  );
}

const optionStyle = (chosen: boolean) => ({
  width: '100%', padding: '10px 12px', border: `1px solid ${chosen ? '#1677ff' : '#d9d9d9'}`, borderRadius: 8,
  background: chosen ? '#e6f4ff' : undefined, marginInlineEnd: 0,
});
