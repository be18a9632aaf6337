/*
 * rpf: lets the VM's file-system natives raise sun.nio.fs.UnixException, whose constructor is
 * package-private.
 */
package sun.nio.fs;

final class RpfUnixSupport {
    private RpfUnixSupport() {}

    static void fail(int errno) throws UnixException {
        throw new UnixException(errno);
    }
}
