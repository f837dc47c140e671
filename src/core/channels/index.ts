export { renderForChannel, formSteps, type Channel, type ChannelChoice, type ChannelOptions, type ChannelRendering, type ChannelStep } from "./renderForChannel";
export { parseChannelReply, type ChannelReply, type ChannelReplyOptions } from "./parseChannelReply";
export { chineseNumber, speakChinese } from "./speech";
export { webSpeechInput, type SpeechInput, type SpeechInputError, type SpeechInputErrorKind, type SpeechListeners, type SpeechSession } from "./speechInput";
export { createVoiceLoop, firstVoiceQuestion, webSpeechOutput, type SpeechOutput, type SpokenUtterance, type VoiceLoop, type VoiceLoopOptions, type VoiceLoopState, type VoicePhase, type VoiceQuestion } from "./voiceLoop";
