// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/training_run.h"

#include "core/common/atomic_file.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>

#include <algorithm>
#include <type_traits>

namespace kibitz::jobs {

namespace {

const QString kTrainingHeader = QStringLiteral(
    "step,total_steps,samples_seen,loss,accuracy,learning_rate,samples_per_second,eta_seconds,wall_seconds,epoch,mae");
const QString kValidationHeader = QStringLiteral("step,positions,top1,top3,nll,mae,rmse,baseline_mae");
/// Headers written before puzzle runs existed: the same columns without the puzzle ones (read as 0).
const QString kLegacyTrainingHeader = QStringLiteral(
    "step,total_steps,samples_seen,loss,accuracy,learning_rate,samples_per_second,eta_seconds,wall_seconds,epoch");
const QString kLegacyValidationHeader = QStringLiteral("step,positions,top1,top3,nll");

QString legacyHeaderOf(const QString& header) {
    return header == kTrainingHeader ? kLegacyTrainingHeader : kLegacyValidationHeader;
}

Error ioError(const QString& path, const QString& what) {
    return makeError(ErrorCode::Io, (path + QStringLiteral(": ") + what).toStdString());
}

/// run.json, metrics.json and rewritten CSVs go through the one atomic write (core/common/atomic_file.h).
Status writeAtomically(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    return writeBytesAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

/// Lines of a CSV file after its header, with their 1-based line numbers. A missing file is empty. Files with
/// the legacy header have their rows padded with "0" to the current columns.
struct CsvLines {
    QVector<QPair<int, QStringList>> rows;
};
Result<CsvLines> readCsv(const QString& path, const QString& header) {
    CsvLines out;
    QFile f(path);
    if (!f.exists()) return out;
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return ioError(path, f.errorString());
    int lineNo = 0;
    const int fullColumns = int(header.count(QLatin1Char(',')) + 1);
    int columns = fullColumns;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        ++lineNo;
        if (lineNo == 1) {
            if (line == legacyHeaderOf(header)) {
                columns = int(line.count(QLatin1Char(',')) + 1);
            } else if (line != header)
                return makeError(
                    ErrorCode::InvalidInput,
                    (path + QStringLiteral(":1: unexpected header '") + line + QStringLiteral("'")).toStdString());
            continue;
        }
        if (line.isEmpty()) continue;
        QStringList fields = line.split(QLatin1Char(','));
        // A kill can leave a torn last line; anything else with the wrong shape is an error.
        if (fields.size() != columns) {
            if (f.atEnd()) break;
            return makeError(ErrorCode::InvalidInput,
                             (path + QLatin1Char(':') + QString::number(lineNo) + QStringLiteral(": expected ") +
                              QString::number(columns) + QStringLiteral(" columns"))
                                 .toStdString());
        }
        while (fields.size() < fullColumns) fields << QStringLiteral("0");
        out.rows.append({lineNo, std::move(fields)});
    }
    return out;
}

Error badNumber(const QString& path, int line, int column) {
    return makeError(ErrorCode::InvalidInput,
                     (path + QLatin1Char(':') + QString::number(line) + QStringLiteral(": column ") +
                      QString::number(column + 1) + QStringLiteral(" is not a number"))
                         .toStdString());
}

QString num(double v) { return QString::number(v, 'g', 8); }

QString trainingRow(const TrainingPoint& p) {
    return QStringList{QString::number(p.step),
                       QString::number(p.totalSteps),
                       QString::number(p.samplesSeen),
                       num(p.loss),
                       num(p.accuracy),
                       num(p.learningRate),
                       num(p.samplesPerSecond),
                       num(p.etaSeconds),
                       num(p.wallSeconds),
                       QString::number(p.epoch),
                       num(p.mae)}
        .join(QLatin1Char(','));
}

QString validationRow(const ValidationPoint& p) {
    return QStringList{QString::number(p.step),
                       QString::number(p.positions),
                       num(p.top1),
                       num(p.top3),
                       num(p.nll),
                       num(p.mae),
                       num(p.rmse),
                       num(p.baselineMae)}
        .join(QLatin1Char(','));
}

/// Appends `rows` to a CSV file; when `fromStep` is not past `lastStep`, first rewrites the file without the
/// rows at or after `fromStep`.
Status appendRows(const QString& path, const QString& header, qint64 lastStep, qint64 fromStep,
                  const QStringList& rows) {
    // A kill can also leave a torn last line; appending after it would glue two rows together.
    bool torn = false;
    if (QFile existing(path); existing.size() > 0 && existing.open(QIODevice::ReadOnly)) {
        existing.seek(existing.size() - 1);
        torn = existing.read(1) != "\n";
    }
    // Rows of a file with the legacy header are rewritten under the current header before new rows are appended.
    bool legacy = false;
    if (QFile existing(path); existing.open(QIODevice::ReadOnly | QIODevice::Text))
        legacy = QString::fromUtf8(existing.readLine()).trimmed() == legacyHeaderOf(header);
    if (torn || legacy || (lastStep >= 0 && fromStep <= lastStep)) {
        auto existing = readCsv(path, header);
        if (!existing.ok()) return existing.error();
        QByteArray kept = header.toUtf8() + '\n';
        for (const auto& [line, fields] : existing->rows)
            if (fields.value(0).toLongLong() < fromStep) kept += fields.join(QLatin1Char(',')).toUtf8() + '\n';
        if (auto s = writeAtomically(path, kept); !s.ok()) return s;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    const bool fresh = !f.exists() || f.size() == 0;
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) return ioError(path, f.errorString());
    QByteArray bytes;
    if (fresh) bytes += header.toUtf8() + '\n';
    for (const QString& r : rows) bytes += r.toUtf8() + '\n';
    if (f.write(bytes) != bytes.size() || !f.flush()) return ioError(path, f.errorString());
    return {};
}

qint64 lastStepOf(const QString& path, const QString& header) {
    auto rows = readCsv(path, header);
    if (!rows.ok() || rows->rows.isEmpty()) return -2;  // nothing stored (distinct from "not read yet")
    return rows->rows.last().second.value(0).toLongLong();
}

}  // namespace

void TrainingRunConfig::deriveIntervals() {
    const qint64 s = std::max<qint64>(1, steps);
    logEvery = std::clamp<qint64>(s / 500, 1, 50);
    checkpointEvery = std::clamp<qint64>(s / 20, 10, 1000);
    keepEvery = s >= 50 ? std::max<qint64>(10, s / 5) : 0;
    validateEvery = std::clamp<qint64>(s / 10, 10, 2000);
    warmupSteps = std::clamp<qint64>(s / 20, 1, 1000);
}

QJsonObject TrainingRunConfig::toJson() const {
    return QJsonObject{
        {QStringLiteral("name"), name},
        {QStringLiteral("kind"), modelKindName(kind)},
        {QStringLiteral("data_files"), QJsonArray::fromStringList(dataFiles)},
        {QStringLiteral("size"), size},
        {QStringLiteral("variant"), variant},
        {QStringLiteral("init_from"), initFrom},
        {QStringLiteral("steps"), double(steps)},
        {QStringLiteral("batch_size"), batchSize},
        {QStringLiteral("learning_rate"), learningRate},
        {QStringLiteral("threads"), threads},
        {QStringLiteral("device"), QString::fromLatin1(deviceChoiceName(device))},
        {QStringLiteral("seed"), QString::number(seed)},
        {QStringLiteral("warmup_steps"), double(warmupSteps)},
        {QStringLiteral("log_every"), double(logEvery)},
        {QStringLiteral("checkpoint_every"), double(checkpointEvery)},
        {QStringLiteral("keep_every"), double(keepEvery)},
        {QStringLiteral("validate_every"), double(validateEvery)},
        {QStringLiteral("validation_positions"), validationPositions},
        {QStringLiteral("holdout_permille"), holdoutPermille},
        {QStringLiteral("chunk_games"), chunkGames},
    };
}

Result<TrainingRunConfig> TrainingRunConfig::fromJson(const QJsonObject& json) {
    TrainingRunConfig c;
    QString bad;
    auto str = [&](const char* key, QString& out) {
        const QJsonValue v = json.value(QLatin1String(key));
        if (v.isUndefined()) return;
        if (!v.isString())
            bad = QLatin1String(key);
        else
            out = v.toString();
    };
    auto number = [&](const char* key, auto& out) {
        const QJsonValue v = json.value(QLatin1String(key));
        if (v.isUndefined()) return;
        if (!v.isDouble())
            bad = QLatin1String(key);
        else
            out = static_cast<std::remove_reference_t<decltype(out)>>(v.toDouble());
    };
    str("name", c.name);
    QString kind;
    str("kind", kind);
    if (!kind.isEmpty()) {
        auto k = parseModelKind(kind);
        if (!k) return makeError(ErrorCode::InvalidInput, "config key 'kind': " + k.error().message);
        c.kind = k.value();
    }
    str("size", c.size);
    str("variant", c.variant);
    str("init_from", c.initFrom);
    const QJsonValue files = json.value(QStringLiteral("data_files"));
    if (!files.isUndefined()) {
        if (!files.isArray()) bad = QStringLiteral("data_files");
        c.dataFiles.clear();
        for (const QJsonValue& f : files.toArray()) c.dataFiles << f.toString();
    }
    number("steps", c.steps);
    number("batch_size", c.batchSize);
    number("learning_rate", c.learningRate);
    number("threads", c.threads);
    QString device;
    str("device", device);
    if (!device.isEmpty()) {
        const auto d = parseDeviceChoice(device.toStdString());
        if (!d)
            return makeError(ErrorCode::InvalidInput,
                             "config key 'device': '" + device.toStdString() + "' is not one of auto, cpu, cuda");
        c.device = *d;
    }
    QString seed;
    str("seed", seed);
    if (!seed.isEmpty()) {
        bool ok = false;
        c.seed = seed.toULongLong(&ok);
        if (!ok) bad = QStringLiteral("seed");
    }
    number("warmup_steps", c.warmupSteps);
    number("log_every", c.logEvery);
    number("checkpoint_every", c.checkpointEvery);
    number("keep_every", c.keepEvery);
    number("validate_every", c.validateEvery);
    number("validation_positions", c.validationPositions);
    number("holdout_permille", c.holdoutPermille);
    number("chunk_games", c.chunkGames);
    if (!bad.isEmpty())
        return makeError(ErrorCode::InvalidInput, ("config key '" + bad + "' has the wrong type").toStdString());
    return c;
}

QString modelKindName(ModelKind kind) {
    return kind == ModelKind::Puzzle ? QStringLiteral("puzzle") : QStringLiteral("human");
}

Result<ModelKind> parseModelKind(const QString& name) {
    if (name == QLatin1String("human")) return ModelKind::Human;
    if (name == QLatin1String("puzzle")) return ModelKind::Puzzle;
    return makeError(ErrorCode::InvalidInput, "unknown model kind '" + name.toStdString() + "' (human or puzzle)");
}

QString runStatusName(RunStatus status) {
    switch (status) {
        case RunStatus::Created: return QStringLiteral("created");
        case RunStatus::Running: return QStringLiteral("running");
        case RunStatus::Paused: return QStringLiteral("paused");
        case RunStatus::Stopped: return QStringLiteral("stopped");
        case RunStatus::Completed: return QStringLiteral("completed");
        case RunStatus::Failed: return QStringLiteral("failed");
    }
    return QStringLiteral("failed");
}

RunStatus runStatusFromName(const QString& name) {
    for (RunStatus s : {RunStatus::Created, RunStatus::Running, RunStatus::Paused, RunStatus::Stopped,
                        RunStatus::Completed, RunStatus::Failed})
        if (runStatusName(s) == name) return s;
    return RunStatus::Failed;
}

QString TrainingRun::runJsonPath() const { return QDir(m_dir).filePath(QStringLiteral("run.json")); }
QString TrainingRun::metricsCsvPath() const { return QDir(m_dir).filePath(QStringLiteral("metrics.csv")); }
QString TrainingRun::validationCsvPath() const { return QDir(m_dir).filePath(QStringLiteral("validation.csv")); }
QString TrainingRun::metricsJsonPath() const { return QDir(m_dir).filePath(QStringLiteral("metrics.json")); }
QString TrainingRun::latestCheckpoint() const { return QDir(m_dir).filePath(QStringLiteral("latest.pt")); }

Status TrainingRun::writeRunJson(const TrainingRunConfig& config, RunStatus status, const QString& message) const {
    if (!QDir().mkpath(m_dir)) return ioError(m_dir, QStringLiteral("cannot create the folder"));
    QJsonObject root{{QStringLiteral("format"), QStringLiteral("kibitz-run-1")},
                     {QStringLiteral("config"), config.toJson()},
                     {QStringLiteral("status"), runStatusName(status)},
                     {QStringLiteral("updated"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    if (!message.isEmpty()) root.insert(QStringLiteral("message"), message);
    return writeAtomically(runJsonPath(), QJsonDocument(root).toJson());
}

namespace {
Result<QJsonObject> readRoot(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return ioError(path, f.errorString());
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return makeError(ErrorCode::InvalidInput, (path + QStringLiteral(": offset ") + QString::number(pe.offset) +
                                                   QStringLiteral(": ") + pe.errorString())
                                                      .toStdString());
    return doc.object();
}
}  // namespace

Result<TrainingRunConfig> TrainingRun::readConfig() const {
    auto root = readRoot(runJsonPath());
    if (!root.ok()) return root.error();
    auto c = TrainingRunConfig::fromJson(root->value(QStringLiteral("config")).toObject());
    if (!c.ok()) return makeError(c.error().code, runJsonPath().toStdString() + ": " + c.error().message);
    return c;
}

Result<RunStatus> TrainingRun::readStatus() const {
    auto root = readRoot(runJsonPath());
    if (!root.ok()) return root.error();
    return runStatusFromName(root->value(QStringLiteral("status")).toString());
}

Status TrainingRun::appendTraining(const QVector<TrainingPoint>& points) {
    if (points.isEmpty()) return {};
    if (m_lastTrainingStep == -1) m_lastTrainingStep = lastStepOf(metricsCsvPath(), kTrainingHeader);
    QStringList rows;
    for (const auto& p : points) rows << trainingRow(p);
    if (auto s = appendRows(metricsCsvPath(), kTrainingHeader, m_lastTrainingStep, points.first().step, rows); !s.ok())
        return s;
    m_lastTrainingStep = points.last().step;
    return {};
}

Status TrainingRun::appendValidation(const QVector<ValidationPoint>& points) {
    if (points.isEmpty()) return {};
    if (m_lastValidationStep == -1) m_lastValidationStep = lastStepOf(validationCsvPath(), kValidationHeader);
    QStringList rows;
    for (const auto& p : points) rows << validationRow(p);
    if (auto s = appendRows(validationCsvPath(), kValidationHeader, m_lastValidationStep, points.first().step, rows);
        !s.ok())
        return s;
    m_lastValidationStep = points.last().step;
    return {};
}

Result<RunMetrics> TrainingRun::readMetrics() const {
    RunMetrics m;
    auto t = readCsv(metricsCsvPath(), kTrainingHeader);
    if (!t.ok()) return t.error();
    for (const auto& [line, f] : t->rows) {
        double v[11];
        for (int i = 0; i < 11; ++i) {
            bool good = false;
            v[i] = f[i].toDouble(&good);
            if (!good) return badNumber(metricsCsvPath(), line, i);
        }
        TrainingPoint p;
        p.step = qint64(v[0]);
        p.totalSteps = qint64(v[1]);
        p.samplesSeen = qint64(v[2]);
        p.loss = v[3];
        p.accuracy = v[4];
        p.learningRate = v[5];
        p.samplesPerSecond = v[6];
        p.etaSeconds = v[7];
        p.wallSeconds = v[8];
        p.epoch = qint64(v[9]);
        p.mae = v[10];
        // A resume after a kill may have re-run steps: keep the newest copy of each step.
        while (!m.training.isEmpty() && m.training.last().step >= p.step) m.training.removeLast();
        m.training.append(p);
    }
    auto v = readCsv(validationCsvPath(), kValidationHeader);
    if (!v.ok()) return v.error();
    for (const auto& [line, f] : v->rows) {
        ValidationPoint p;
        bool ok[8];
        p.step = f[0].toLongLong(&ok[0]);
        p.positions = f[1].toLongLong(&ok[1]);
        p.top1 = f[2].toDouble(&ok[2]);
        p.top3 = f[3].toDouble(&ok[3]);
        p.nll = f[4].toDouble(&ok[4]);
        p.mae = f[5].toDouble(&ok[5]);
        p.rmse = f[6].toDouble(&ok[6]);
        p.baselineMae = f[7].toDouble(&ok[7]);
        for (int i = 0; i < 8; ++i)
            if (!ok[i]) return badNumber(validationCsvPath(), line, i);
        while (!m.validation.isEmpty() && m.validation.last().step >= p.step) m.validation.removeLast();
        m.validation.append(p);
    }
    return m;
}

Status TrainingRun::writeMetricsJson() const {
    auto m = readMetrics();
    if (!m.ok()) return m.error();
    QJsonArray training, validation;
    for (const auto& p : m->training)
        training.append(QJsonObject{{QStringLiteral("step"), double(p.step)},
                                    {QStringLiteral("samples_seen"), double(p.samplesSeen)},
                                    {QStringLiteral("loss"), p.loss},
                                    {QStringLiteral("accuracy"), p.accuracy},
                                    {QStringLiteral("learning_rate"), p.learningRate},
                                    {QStringLiteral("samples_per_second"), p.samplesPerSecond},
                                    {QStringLiteral("wall_seconds"), p.wallSeconds},
                                    {QStringLiteral("epoch"), double(p.epoch)},
                                    {QStringLiteral("mae"), p.mae}});
    for (const auto& p : m->validation)
        validation.append(QJsonObject{{QStringLiteral("step"), double(p.step)},
                                      {QStringLiteral("positions"), double(p.positions)},
                                      {QStringLiteral("top1"), p.top1},
                                      {QStringLiteral("top3"), p.top3},
                                      {QStringLiteral("nll"), p.nll},
                                      {QStringLiteral("mae"), p.mae},
                                      {QStringLiteral("rmse"), p.rmse},
                                      {QStringLiteral("baseline_mae"), p.baselineMae}});
    const QJsonObject root{{QStringLiteral("training"), training}, {QStringLiteral("validation"), validation}};
    return writeAtomically(metricsJsonPath(), QJsonDocument(root).toJson(QJsonDocument::Compact));
}

QStringList TrainingRun::checkpoints() const {
    QDir d(m_dir);
    QStringList out;
    if (d.exists(QStringLiteral("latest.pt"))) out << d.filePath(QStringLiteral("latest.pt"));
    static const QRegularExpression re(QStringLiteral("^step-(\\d+)\\.pt$"));
    QVector<QPair<qint64, QString>> kept;
    for (const QString& f : d.entryList({QStringLiteral("step-*.pt")}, QDir::Files)) {
        const auto m = re.match(f);
        if (m.hasMatch()) kept.append({m.captured(1).toLongLong(), d.filePath(f)});
    }
    std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& k : kept) out << k.second;
    return out;
}

QStringList resumableRuns(const QString& runsDir) {
    QDir d(runsDir);
    QVector<QPair<QDateTime, QString>> found;
    for (const QFileInfo& fi : d.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        TrainingRun run(fi.absoluteFilePath());
        auto status = run.readStatus();
        if (!status.ok() || (*status != RunStatus::Running && *status != RunStatus::Paused)) continue;
        if (!QFileInfo::exists(run.latestCheckpoint())) continue;
        found.append({QFileInfo(run.runJsonPath()).lastModified(), fi.absoluteFilePath()});
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    QStringList out;
    for (const auto& f : found) out << f.second;
    return out;
}

QString defaultRunsDirectory() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("runs"));
}

TrainingRunConfig studioDefaults(ModelKind kind) {
    TrainingRunConfig c;
    c.kind = kind;
    c.size = QStringLiteral("small");
    c.steps = 20000;
    c.batchSize = kind == ModelKind::Puzzle ? 64 : 256;
    c.learningRate = kind == ModelKind::Puzzle ? 5e-4 : 1e-3;
    return c;
}

QString newRunName(const TrainingRunConfig& config, const QString& runsDir, const QDateTime& now) {
    const QString base =
        config.name.isEmpty()
            ? QStringLiteral("%1-%2-%3")
                  .arg(modelKindName(config.kind), config.initFrom.isEmpty() ? config.size : QStringLiteral("finetune"),
                       now.toString(QStringLiteral("yyyyMMdd-HHmmss")))
            : config.name;
    const QDir runs(runsDir);
    QString name = base;
    for (int i = 2; runs.exists(name); ++i) name = base + QLatin1Char('-') + QString::number(i);
    return name;
}

}  // namespace kibitz::jobs
