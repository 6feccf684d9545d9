/**
 * The server's English sentences and their catalog keys (docs/i18n.md, "Refusals"), in their own chunk, loaded with
 * the first language other than English (`refusals.ts`). The API's refusals and the contract's schema messages; the
 * check `refusals.test.ts` reads both sources and fails when a fixed sentence of theirs is missing here.
 */

/** A fixed sentence → its key in `src/locales/refusals/`. */
export const REFUSAL_KEYS: Readonly<Record<string, string>> = {
  // exact:start
  'A CSV file may invite at most 500 people at once.': 'refusal.csvFileMayInviteMost500',
  'A cohort cannot move to another course.': 'refusal.cohortCannotMoveAnotherCourse',
  'A cohort must end after it starts.': 'refusal.cohortMustEndAfterStarts',
  'A coupon stays on its course: make a new coupon for another course.':
    'refusal.couponStaysCourseMakeNewCoupon',
  'A course bought on an instalment plan is bought alone. Remove the other courses from your cart.':
    'refusal.courseBoughtInstalmentPlanBoughtAlone',
  'A criterion has at most 10 levels': 'refusal.criterionHasMost10Levels',
  'A criterion needs at least one level': 'refusal.criterionNeedsLeastOneLevel',
  'A first payment in percent must be a whole number from 1 to 90.':
    'refusal.firstPaymentPercentMustWholeNumber',
  'A gift code has 16 letters and digits': 'refusal.giftCodeHas16LettersDigits',
  'A gift is for someone else. To learn it yourself, buy the course without "This is a gift".':
    'refusal.giftSomeoneElseLearnYourselfBuy',
  'A gift is paid in full: instalment plans are for your own courses.':
    'refusal.giftPaidFullInstalmentPlansOwn',
  'A pass/fail assignment has no rubric: choose rubric grading to score criteria.':
    'refusal.passFailAssignmentHasNoRubric',
  'A payment for this course is waiting. Finish it or cancel it.': 'refusal.paymentCourseWaitingFinishCancel',
  'A plan stays with its course.': 'refusal.planStaysCourse',
  'A quiz has at most 50 questions': 'refusal.quizHasMost50Questions',
  'A quiz needs at least one question': 'refusal.quizNeedsLeastOneQuestion',
  'A refund was already requested for this course. Each course can be refunded once.':
    'refusal.refundWasAlreadyRequestedCourseEach',
  'A release on a date needs the date.': 'refusal.releaseDateNeedsDate',
  'A rubric has at most 20 criteria': 'refusal.rubricHasMost20Criteria',
  'A rubric needs at least one criterion.': 'refusal.rubricNeedsLeastOneCriterion',
  'A seat can be given only to a member who has joined the team.': 'refusal.seatCanGivenOnlyMemberWho',
  'A seat in a cohort cannot be given as a gift.': 'refusal.seatCohortCannotGivenAsGift',
  'A user name that contains @ must be your own email address.': 'refusal.userNameThatContainsMustOwn',
  'A value in the request is not valid. Please check it and try again.':
    'refusal.valueRequestNotValidPleaseCheck',
  'Account number is required': 'refusal.accountNumberRequired',
  'Account number must be 6 to 34 letters or digits': 'refusal.accountNumberMust634Letters',
  "Add the cohort's course to the cart to buy a seat.": 'refusal.addCohortSCourseCartBuy',
  'Admins read and moderate questions but do not post.': 'refusal.adminsReadModerateQuestionsButDo',
  'Age must be a number': 'refusal.ageMustNumber',
  'Age must be a whole number': 'refusal.ageMustWholeNumber',
  'Age must be at least 16': 'refusal.ageMustLeast16',
  'Age must be at most 100': 'refusal.ageMustMost100',
  'All seats of this team are taken. Ask your team admin to free or buy a seat.':
    'refusal.allSeatsTeamTakenAskTeam',
  'An answer has no title.': 'refusal.answerHasNoTitle',
  'An answer must be at most 500 characters': 'refusal.answerMustMost500Characters',
  'An approved course cannot be edited. Only Pending or Rejected courses can be changed.':
    'refusal.approvedCourseCannotEditedOnlyPending',
  'Another student account already uses this email.': 'refusal.anotherStudentAccountAlreadyUsesEmail',
  'Answer does not exist': 'refusal.answerDoesNotExist',
  'Assignment does not exist': 'refusal.assignmentDoesNotExist',
  'At most 5 bank accounts': 'refusal.most5BankAccounts',
  'At most 50 courses per checkout': 'refusal.most50CoursesPerCheckout',
  'At most 500 seats per checkout': 'refusal.most500SeatsPerCheckout',
  'Buy at least 1 seat': 'refusal.buyLeast1Seat',
  'Buy this course to search its transcripts.': 'refusal.buyCourseSearchTranscripts',
  'Buy this course to watch this lesson.': 'refusal.buyCourseWatchLesson',
  'Certificate URL is required': 'refusal.certificateUrlRequired',
  'Certificate URL must be a web address (https://...)': 'refusal.certificateUrlMustWebAddressHttps',
  'Change your work before submitting it again.': 'refusal.changeWorkBeforeSubmittingAgain',
  'Choose a CSV file': 'refusal.chooseCsvFile',
  'Choose a bank': 'refusal.chooseBank',
  'Choose a bank from the list': 'refusal.chooseBankFromList',
  'Choose a bank from the list.': 'refusal.chooseBankFromList2',
  'Choose a file to upload (form field "files").': 'refusal.chooseFileUploadFormFieldFiles',
  'Choose at least one tutor': 'refusal.chooseLeastOneTutor',
  'Cohort not found.': 'refusal.cohortNotFound',
  'Confirm password is required': 'refusal.confirmPasswordRequired',
  'Coupon not found.': 'refusal.couponNotFound',
  'Coupons cannot be used for team seats.': 'refusal.couponsCannotUsedTeamSeats',
  'Course Does Not Exist': 'refusal.courseDoesNotExist',
  'Course does not exist': 'refusal.courseDoesNotExist2',
  'Course not found.': 'refusal.courseNotFound',
  'Email is required': 'refusal.emailRequired',
  'Enrolment for this cohort has not opened yet.': 'refusal.enrolmentCohortHasNotOpenedYet',
  'Enrolment for this cohort is closed.': 'refusal.enrolmentCohortClosed',
  'Enrolment must close after it opens.': 'refusal.enrolmentMustCloseAfterOpens',
  'Enrolment must close before the cohort ends.': 'refusal.enrolmentMustCloseBeforeCohortEnds',
  'Enter a valid email address': 'refusal.enterValidEmailAddress',
  'Enter a valid phone number': 'refusal.enterValidPhoneNumber',
  'Enter the 6-digit code from your authenticator app: two-factor sign-in is on for your account.':
    'refusal.enter6DigitCodeFromAuthenticator',
  'Enter the send date as a real date (YYYY-MM-DD)': 'refusal.enterSendDateAsRealDate',
  'File not found.': 'refusal.fileNotFound',
  'Gender must be Male or Female': 'refusal.genderMustMaleFemale',
  'Gift code is required': 'refusal.giftCodeRequired',
  'Gift code is too long': 'refusal.giftCodeTooLong',
  'Instalment plan not found.': 'refusal.instalmentPlanNotFound',
  'Invalid email or password': 'refusal.invalidEmailPassword',
  'Invalid webhook signature.': 'refusal.invalidWebhookSignature',
  'Join the session first.': 'refusal.joinSessionFirst',
  'Live session not found.': 'refusal.liveSessionNotFound',
  'Member not found.': 'refusal.memberNotFound',
  'Name either a quizId or an assignmentId.': 'refusal.nameEitherQuizIdAssignmentId',
  "Name the cohort's course to buy a seat.": 'refusal.nameCohortSCourseBuySeat',
  'Name the courses to buy seats of.': 'refusal.nameCoursesBuySeats',
  'Name the courses to give as a gift.': 'refusal.nameCoursesGiveAsGift',
  'Name the courses to use a coupon with.': 'refusal.nameCoursesUseCoupon',
  'Name the courses you paid for.': 'refusal.nameCoursesYouPaid',
  'New passwords do not match': 'refusal.newPasswordsDoNotMatch',
  'No confirmation code was requested. Please request a new code.':
    'refusal.noConfirmationCodeWasRequestedPlease',
  'No playback has this code.': 'refusal.noPlaybackHasCode',
  'No reset code was requested for this email. Please request a new code.':
    'refusal.noResetCodeWasRequestedEmail',
  'Nothing is left to pay on this instalment plan.': 'refusal.nothingLeftPayInstalmentPlan',
  'Nothing is playing on your other devices now.': 'refusal.nothingPlayingOtherDevicesNow',
  'OTP is required': 'refusal.otpRequired',
  'OTP must be the 6 digits from the email': 'refusal.otpMust6DigitsFromEmail',
  'Old password is required': 'refusal.oldPasswordRequired',
  'Only a student who bought this course can see or record progress in it.':
    'refusal.onlyStudentWhoBoughtCourseCan',
  'Only students who bought this course can review it.': 'refusal.onlyStudentsWhoBoughtCourseCan',
  'Only students who bought this course can submit its assignments.':
    'refusal.onlyStudentsWhoBoughtCourseCan2',
  'Only students who bought this course can take its quizzes.': 'refusal.onlyStudentsWhoBoughtCourseCan3',
  "Only the course's students and its tutor can post questions.": 'refusal.onlyCourseSStudentsTutorCan',
  "Only the course's students and its tutor can see its questions.": 'refusal.onlyCourseSStudentsTutorCan2',
  "Only the course's tutor and assistants can grade its work.": 'refusal.onlyCourseSTutorAssistantsCan',
  "Only the course's tutor can manage its assistants.": 'refusal.onlyCourseSTutorCanManage',
  "Only the course's tutor can send announcements.": 'refusal.onlyCourseSTutorCanSend',
  "Only the course's tutor, its assistants and its students can see its gradebook.":
    'refusal.onlyCourseSTutorAssistantsStudents',
  'Only the person who asked or the tutor can accept an answer.': 'refusal.onlyPersonWhoAskedTutorCan',
  'Only the student, the course’s tutor and assistants, and its peer reviewers can see this work.':
    'refusal.onlyStudentCourseSTutorAssistants',
  'Only the tutor of this course can see its quiz results.': 'refusal.onlyTutorCourseCanSeeQuiz',
  'Only the tutor who owns this course or an admin may see its buyers.':
    'refusal.onlyTutorWhoOwnsCourseAdmin',
  "Only this cohort's students and the course's staff can join this session.":
    'refusal.onlyCohortSStudentsCourseS',
  "Only this cohort's students and the course's staff can see its sessions.":
    'refusal.onlyCohortSStudentsCourseS2',
  "Only this cohort's students and the course's staff can see this session.":
    'refusal.onlyCohortSStudentsCourseS3',
  'Only tutors and admins can upload files.': 'refusal.onlyTutorsAdminsCanUploadFiles',
  "Only tutors have a questions inbox. Send courseId to list a course's questions.":
    'refusal.onlyTutorsHaveQuestionsInboxSend',
  'Order not found.': 'refusal.orderNotFound',
  "Pass the gift on to someone else's email.": 'refusal.passGiftSomeoneElseSEmail',
  'Password is required': 'refusal.passwordRequired',
  'Password must be at least 8 characters': 'refusal.passwordMustLeast8Characters',
  'Password must be at most 200 characters': 'refusal.passwordMustMost200Characters',
  'Passwords do not match.': 'refusal.passwordsDoNotMatch',
  'Paste the link to your work before submitting.': 'refusal.pasteLinkWorkBeforeSubmitting',
  'Paste the meeting link.': 'refusal.pasteMeetingLink',
  'Payment not found.': 'refusal.paymentNotFound',
  'Phone number is required': 'refusal.phoneNumberRequired',
  'Please say why the refund is refused. The student sees this note.':
    'refusal.pleaseSayWhyRefundRefusedStudent',
  'Price can have at most 2 decimal places': 'refusal.priceCanHaveMost2Decimal',
  'Price filters cannot be negative': 'refusal.priceFiltersCannotNegative',
  'Price must be more than ₦0': 'refusal.priceMustMoreThan0',
  'Question does not exist': 'refusal.questionDoesNotExist',
  'Quiz does not exist': 'refusal.quizDoesNotExist',
  'Quiz not found.': 'refusal.quizNotFound',
  'Redeem this gift yourself: you do not own its course yet.': 'refusal.redeemGiftYourselfYouDoNot',
  'Refund request not found.': 'refusal.refundRequestNotFound',
  'Review does not exist': 'refusal.reviewDoesNotExist',
  'Sale not found.': 'refusal.saleNotFound',
  'Saved card not found.': 'refusal.savedCardNotFound',
  'Seat not found.': 'refusal.seatNotFound',
  'Seats for a team cannot be a gift as well.': 'refusal.seatsTeamCannotGiftAsWell',
  'Seats in a cohort cannot be bought for a team.': 'refusal.seatsCohortCannotBoughtTeam',
  'Seats must be a whole number': 'refusal.seatsMustWholeNumber',
  'Section not found.': 'refusal.sectionNotFound',
  'Send assignmentId before the file.': 'refusal.sendAssignmentIdBeforeFile',
  'Send either questionId or answerId': 'refusal.sendEitherQuestionIdAnswerId',
  'Send the file as multipart/form-data with the fields assignmentId and files.':
    'refusal.sendFileAsMultipartFormData',
  'Send the upload as multipart/form-data with the fields files, name and type.':
    'refusal.sendUploadAsMultipartFormData',
  // exact:end
};

/** How long to wait, as the API writes it (`waitText`: "1 second", "45 seconds", "3 minutes"). */
const WAIT = String.raw`(?<n>\d+) (?<unit>seconds?|minutes)`;
const TITLE = String.raw`"(?<title>.+)"`;

/**
 * A sentence built with values → its key; the pattern's named groups are the message's ICU values (a number where
 * they are digits).
 */
export const REFUSAL_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [
    new RegExp(String.raw`^Too many failed sign-ins for this account\. Please wait ${WAIT} and try again\.$`),
    'refusal.signInPaused',
  ],
  [
    new RegExp(
      String.raw`^Invalid email or password\. Too many failed sign-ins for this account\. Please wait ${WAIT} and try again\.$`,
    ),
    'refusal.loginRefusedPaused',
  ],
  [
    new RegExp(String.raw`^Too many wrong reset codes for this email\. Please wait ${WAIT} and try again\.$`),
    'refusal.resetCodesPaused',
  ],
  [
    new RegExp(String.raw`^Too many wrong passwords or codes\. Please wait ${WAIT} and try again\.$`),
    'refusal.codesPaused',
  ],
  [/^Too many attempts\. Please wait (?<n>\d+) seconds and try again\.$/, 'refusal.tooManyAttemptsWait'],
  [/^The code is not correct\. You have (?<left>\d+) (?:try|tries) left\.$/, 'refusal.codeWrongTriesLeft'],
  [
    /^Something went wrong on our side\. Please try again \(request (?<requestId>.+)\)\.$/,
    'refusal.serverError',
  ],
  [/^The file is too large\. The limit is (?<limit>.+)\.$/, 'refusal.fileTooLargeLimit'],
  [
    new RegExp(String.raw`^You already own ${TITLE}\. Remove it from your cart\.$`),
    'refusal.alreadyOwnTitle',
  ],
  [
    new RegExp(String.raw`^${TITLE} is no longer available\. Remove it from your cart\.$`),
    'refusal.titleGone',
  ],
  [new RegExp(String.raw`^${TITLE} is not available for purchase\.$`), 'refusal.titleNotForSale'],
  [
    new RegExp(String.raw`^${TITLE} is taught in cohorts\. Choose a cohort to buy a seat\.$`),
    'refusal.titleInCohorts',
  ],
  [
    /^A (?<role>student|tutor) account with this email already exists\. Please log in instead\.$/,
    'refusal.accountExists',
  ],
  [
    /^Course (?<id>\d+) does not exist\. Remove it from your cart and try again\.$/,
    'refusal.cartCourseMissing',
  ],
  [
    /^This cohort already has (?<count>\d+) seats taken or held; the capacity cannot be lower\.$/,
    'refusal.capacityBelowTaken',
  ],
  [/^(?<email>\S+@\S+) is already a member of the team\.$/, 'refusal.alreadyTeamMember'],
  [/^(?<name>.+) already has a seat of this course\.$/, 'refusal.alreadyHasSeat'],
  [/^(?<name>.+) already owns this course\.$/, 'refusal.alreadyOwnsCourse'],
  [
    /^A pass needs (?<points>\d+) points; this work scored (?<score>\d+) of (?<outOf>\d+)\.$/,
    'refusal.passNeedsPoints',
  ],
  [
    /^This submission was already graded by (?<name>.+)\. Open the queue for the next one\.$/,
    'refusal.alreadyGradedBy',
  ],
  [
    new RegExp(String.raw`^Score every criterion: ${TITLE} has no level chosen\.$`),
    'refusal.scoreEveryCriterion',
  ],
];
