import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { z } from 'zod';
import { ZEmail, ZFullName } from './gift-schemas.ts';
import { ZGiftCode, type TGiftPreview } from '@app/contract/gifts';
import { TextField } from '@/components/form/FormField.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { ApiError } from '@/lib/api.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { useGiftPreview, usePassOnGift, useRedeemGift } from './api/gifts.ts';
import { AccountStep } from '@/components/account-step/AccountStep.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { rich, slot } from '@/components/cart/rich-text.tsx';
import './gifts.css';

/**
 * `/gift/redeem?code=…`: the link of a gift's email (or a code typed in). It shows the gift, then redeems it for a
 * student account: a guest signs up or logs in in one step. A student who owns the course already may pass it on
 * to another email, once.
 */
export function GiftRedeemPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  return (
    <section className="form-card gift-card">
      <h1>{t('gifts.title')}</h1>
      {code ? (
        <GiftByCode key={code} code={code} onOtherCode={() => setParams({})} />
      ) : (
        <CodeForm onCode={(c) => setParams({ code: c })} />
      )}
    </section>
  );
}

const ZCodeForm = z.object({ code: ZGiftCode });

function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ code: string }>({ resolver: zodResolver(ZCodeForm) as never, defaultValues: { code: '' } });
  return (
    <form className="form" noValidate onSubmit={handleSubmit((v) => onCode(v.code.trim()))}>
      <p>{t('gifts.enterCode')}</p>
      <TextField
        id="gift-code"
        label={t('gifts.codeLabel')}
        autoComplete="off"
        placeholder="ABCD-EFGH-JKMN-PQRS"
        error={errors.code?.message}
        {...register('code')}
      />
      <button type="submit" className="btn">
        {t('gifts.continue')}
      </button>
    </form>
  );
}

function GiftByCode({ code, onOtherCode }: { code: string; onOtherCode: () => void }) {
  const t = useT();
  const preview = useGiftPreview(code);
  // Kept here, not in the card: signing up on this page changes the account, which resets every cached answer
  // (app/AccountCacheReset.tsx), so the card is shown again from a fresh preview, where the gift is redeemed.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (preview.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (preview.isError) {
    const refused = preview.error instanceof ApiError && preview.error.status < 500;
    return (
      <>
        <p role="alert">{refused ? refusalMessage(preview.error, genericError()) : genericError()}</p>
        <button type="button" className="btn btn-outline" onClick={onOtherCode}>
          {t('gifts.otherCode')}
        </button>
      </>
    );
  }
  return <GiftCard code={code} gift={preview.data.gift} outcome={outcome} setOutcome={setOutcome} />;
}

type Outcome =
  | { kind: 'redeemed'; courseIds: number[] }
  | { kind: 'owned' }
  | { kind: 'passed'; email: string }
  | { kind: 'refused'; message: string };

function GiftCard({
  code,
  gift,
  outcome,
  setOutcome,
}: {
  code: string;
  gift: TGiftPreview;
  outcome: Outcome | null;
  setOutcome: (outcome: Outcome) => void;
}) {
  const t = useT();
  const session = useSession();
  const redeem = useRedeemGift();
  const titles = gift.courses.map((c) => c.title);
  const count = titles.length;

  const tryRedeem = async () => {
    try {
      const res = await redeem.mutateAsync(code);
      setOutcome({ kind: 'redeemed', courseIds: res.courseIds });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setOutcome({ kind: 'owned' });
      else setOutcome({ kind: 'refused', message: refusalMessage(err, genericError()) });
    }
  };

  const head = (
    <>
      <p className="gift-from">
        {rich(
          gift.recipientName
            ? t('gifts.sentTo', { from: slot('from'), name: gift.recipientName, count })
            : t('gifts.sentYou', { from: slot('from'), count }),
          { from: <strong>{gift.from}</strong> },
        )}
      </p>
      <ul className="gift-courses">
        {titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
      {gift.message && <blockquote className="gift-message">{gift.message}</blockquote>}
    </>
  );

  if (outcome?.kind === 'redeemed') {
    const first = outcome.courseIds[0];
    return (
      <>
        {head}
        <p role="status" className="gift-done">
          {t('gifts.redeemed', { count })}
        </p>
        <Link
          className="btn"
          to={
            outcome.courseIds.length === 1 && first !== undefined
              ? `/view-course/${first}`
              : '/home/my-courses'
          }
        >
          {t('gifts.startLearning')}
        </Link>
      </>
    );
  }
  if (outcome?.kind === 'passed') {
    return (
      <>
        {head}
        <p role="status" className="gift-done">
          {t('gifts.passedOn', { email: outcome.email })}
        </p>
      </>
    );
  }
  if (gift.state === 'redeemed')
    return (
      <>
        {head}
        <p role="alert">{t('gifts.alreadyRedeemed')}</p>
      </>
    );
  if (gift.state === 'unavailable')
    return (
      <>
        {head}
        <p role="alert">{t('gifts.unavailable')}</p>
      </>
    );

  return (
    <>
      {head}
      {outcome?.kind === 'owned' ? (
        gift.canPassOn ? (
          <PassOnForm code={code} onPassed={(email) => setOutcome({ kind: 'passed', email })} />
        ) : (
          <p role="alert">{t('gifts.ownedPassedOn')}</p>
        )
      ) : !session.authenticated ? (
        <>
          <p>{t('gifts.accountPrompt')}</p>
          <AccountStep
            next={`/gift/redeem?code=${code}`}
            verb={t('gifts.accountVerb')}
            purpose={t('gifts.accountPurpose')}
            idPrefix="gift"
            defaultName={gift.recipientName}
            onSignedIn={tryRedeem}
          />
        </>
      ) : session.role !== 'user' ? (
        <p role="alert">{t('gifts.studentOnly')}</p>
      ) : (
        <button type="button" className="btn" onClick={() => void tryRedeem()} disabled={redeem.isPending}>
          {redeem.isPending ? t('common.loading') : t('gifts.redeem')}
        </button>
      )}
      {outcome?.kind === 'refused' && <FormAlert message={outcome.message} />}
    </>
  );
}

const ZPassOn = z.object({ name: ZFullName, email: ZEmail });
type PassOnValues = z.input<typeof ZPassOn>;

function PassOnForm({ code, onPassed }: { code: string; onPassed: (email: string) => void }) {
  const t = useT();
  const passOn = usePassOnGift();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PassOnValues>({ resolver: zodResolver(ZPassOn), defaultValues: { name: '', email: '' } });
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      await passOn.mutateAsync({ code, name: v.name.trim(), email: v.email.trim() });
      onPassed(v.email.trim().toLowerCase());
    } catch (err) {
      setError(refusalMessage(err, genericError()));
    }
  });
  return (
    <form className="form" noValidate onSubmit={submit}>
      <p role="status">{t('gifts.passOnIntro')}</p>
      <TextField
        id="gift-pass-name"
        label={t('gifts.passOnName')}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="gift-pass-email"
        label={t('gifts.passOnEmail')}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormAlert message={error} />
      <button type="submit" className="btn" disabled={passOn.isPending}>
        {passOn.isPending ? t('common.loading') : t('gifts.passOn')}
      </button>
    </form>
  );
}
