// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/export_files.h"

#include "core/chess/puzzle_csv.h"
#include "core/common/atomic_file.h"

#include <string>
#include <vector>

namespace kibitz::jobs {

namespace {
QByteArray csvLine(const QStringList& fields) {
    std::vector<std::string> f;
    f.reserve(std::size_t(fields.size()));
    for (const QString& s : fields) f.push_back(s.toStdString());
    return QByteArray::fromStdString(chess::joinCsvRecord(f));
}
}  // namespace

QByteArray csvTable(const QStringList& header, const QList<QStringList>& rows) {
    QByteArray out = csvLine(header);
    for (const QStringList& r : rows) out += csvLine(r);
    return out;
}

Status writeExportFile(const QString& path, const QByteArray& bytes) {
    return writeBytesAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

}  // namespace kibitz::jobs
